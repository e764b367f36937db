import Foundation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenFilters

/// `lumen looks thumbnails`: renders each look's preview to the path its manifest entry names,
/// from one sample photo. The bundled thumbnails (looks/thumbnails/) are made this way; rerun
/// it after changing a recipe.
enum LooksThumbnails {
  static let command = Command(
    name: "thumbnails", summary: "Writes every look's thumbnail where the manifest says.",
    options: [
      .value("from", "IMAGE", .path, default: "samples/coffee.jpg", help: "the photo to show"),
      .value("size", "PIXELS", .integer(16...1024), default: "128", help: "the long side"),
      LooksCommand.manifest,
      .value("quality", "Q", .integer(1...100), default: "80", help: "lossy quality"),
    ],
    notes: "The bundled thumbnails (looks/thumbnails/) are made this way; rerun it after "
      + "changing a recipe.",
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let library = try LooksCommand.library(args)
    let size = args.integer("size") ?? 128
    let quality = args.integer("quality") ?? 80
    let renderer = RenderContext().renderer()
    let picture = try picture(
      args.string("from") ?? "samples/coffee.jpg", longSide: size, renderer: renderer)
    for look in library.looks {
      guard let target = look.thumbnail else { continue }
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      let bitmap = try renderer.bitmap(of: picture.applying(try look.cube()), format: .rgb8)
      try ImageFile.write(
        bitmap, to: target, options: EncodeOptions(quality: quality), overwrite: true)
      print("wrote \(target.path)")
    }
  }

  /// The photo at `path` fitted to `longSide`, rendered once so that every look starts from
  /// the same small bitmap instead of resampling the photo again.
  static func picture(_ path: String, longSide: Int, renderer: Renderer) throws -> Image {
    let photo = try Photo(contentsOf: URL(fileURLWithPath: path), fitting: longSide)
    let fitted = photo.image.fitting(longSide: longSide)
    return Image(bitmap: try renderer.bitmap(of: fitted.movedToOrigin(), format: .rgb8))
  }
}
