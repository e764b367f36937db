import Foundation
import LumenAssets
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenEdit

/// `lumen assets thumbnails MANIFEST`: draws each SVG asset of a source (and each frame, around
/// a grey card) into the PNG its `thumbUri` names. The built-in stickers' and frames'
/// thumbnails are made this way; rerun it after drawing one.
enum AssetsThumbnails {
  static let command = Command(
    name: "thumbnails", summary: "Draws a source's SVG assets into their thumbnails.",
    positionals: .one("MANIFEST", help: "the source's content.json"),
    options: [.value("size", "PIXELS", .integer(16...1024), default: "128", help: "the long side")],
    notes: "The built-in stickers' and frames' thumbnails (Sources/LumenAssets/Resources) are "
      + "made this way; rerun it after drawing one.",
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let source = try AssetSource(manifest: URL(fileURLWithPath: args.positional[0]))
    let size = Double(args.integer("size") ?? 128)
    for asset in source.assets {
      guard let target = asset.thumbnailURI, target.isFileURL else { continue }
      let thumbnail: Bitmap
      if asset.kind == FrameContent.kind {
        thumbnail = try frame(asset, of: source, size: Int(size))
      } else {
        let file = try source.file(of: asset)
        guard SVGImage.names(file.path) else { continue }
        let drawing = try SVGImage(contentsOf: file.path)
        let scale = size / max(drawing.width, drawing.height)
        let (width, height) = SVGImage.drawingSize(
          width: (drawing.width * scale).rounded(), height: (drawing.height * scale).rounded())
        thumbnail = try drawing.bitmap(width: width, height: height)
      }
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try ImageFile.write(thumbnail, to: target, overwrite: true)
      print("wrote \(target.path)")
    }
  }

  /// The frame around a light grey 4:3 card `size` pixels wide.
  static func frame(_ asset: Asset, of source: AssetSource, size: Int) throws -> Bitmap {
    var document = EditDocument()
    let reference = AssetReference(source: source.id, id: asset.id).description
    document.layers = [Layer(id: "frame", content: FrameContent(frame: reference))]
    let resolver = ResourceResolver(
      base: source.folder, assets: { AssetLibrary(sources: [source]) })
    let card = Image(color: RGBA(gray: 0.6)).cropped(to: Rect(width: size, height: size * 3 / 4))
    return try Renderer().bitmap(
      of: document.apply(to: card, resources: EditResources(resolver)), format: .rgb8)
  }
}
