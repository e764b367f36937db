import Foundation
import LumenAssets
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenEdit

/// `lumen assets thumbnails MANIFEST`: draws each SVG asset of a source (each animation's first
/// frame, each frame around a grey card) into the PNG its `thumbUri` names. The built-in stickers' and frames'
/// thumbnails are made this way; rerun it after drawing one.
enum AssetsThumbnails {
  static let command = Command(
    name: "thumbnails",
    summary: "Draws a source's SVG and animated assets into their thumbnails.",
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
        if SVGImage.names(file.path) {
          let drawing = try SVGImage(contentsOf: file.path)
          let scale = size / max(drawing.width, drawing.height)
          let (width, height) = SVGImage.drawingSize(
            width: (drawing.width * scale).rounded(), height: (drawing.height * scale).rounded())
          thumbnail = try drawing.bitmap(width: width, height: height)
        } else if AnimatedImage.format(detecting: try RegularFile.head(of: file.path, count: 32))
          != nil
        {
          thumbnail = try firstFrame(of: AnimatedImage(contentsOf: file.path), size: size)
        } else {
          continue
        }
      }
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try ImageFile.write(thumbnail, to: target, overwrite: true)
      print("wrote \(target.path)")
    }
  }

  /// An animation's first frame, its long side `size` pixels.
  static func firstFrame(of animation: AnimatedImage, size: Double) throws -> Bitmap {
    let scale = size / Double(max(animation.width, animation.height))
    let image = Image(bitmap: animation.frames[0].bitmap).resized(
      width: max(1, Int((Double(animation.width) * scale).rounded())),
      height: max(1, Int((Double(animation.height) * scale).rounded())))
    return try Renderer().bitmap(of: image, format: .rgba8)
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
