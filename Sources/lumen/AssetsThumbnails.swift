import Foundation
import LumenAssets
import LumenCodecs
import LumenCommandLine

/// `lumen assets thumbnails MANIFEST`: draws each SVG asset of a source into the PNG its
/// `thumbUri` names. The built-in stickers' thumbnails are made this way; rerun it after
/// drawing a sticker.
enum AssetsThumbnails {
  static let command = Command(
    name: "thumbnails", summary: "Draws a source's SVG assets into their thumbnails.",
    positionals: .one("MANIFEST", help: "the source's content.json"),
    options: [.value("size", "PIXELS", .integer(16...1024), default: "128", help: "the long side")],
    notes: "The built-in stickers' thumbnails (Sources/LumenAssets/Resources/stickers) are made "
      + "this way; rerun it after drawing a sticker.",
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let source = try AssetSource(manifest: URL(fileURLWithPath: args.positional[0]))
    let size = Double(args.integer("size") ?? 128)
    for asset in source.assets {
      guard let target = asset.thumbnailURI, target.isFileURL else { continue }
      let file = try source.file(of: asset)
      guard SVGImage.names(file.path) else { continue }
      let drawing = try SVGImage(contentsOf: file.path)
      let scale = size / max(drawing.width, drawing.height)
      let (width, height) = SVGImage.drawingSize(
        width: (drawing.width * scale).rounded(), height: (drawing.height * scale).rounded())
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try ImageFile.write(
        try drawing.bitmap(width: width, height: height), to: target, overwrite: true)
      print("wrote \(target.path)")
    }
  }
}
