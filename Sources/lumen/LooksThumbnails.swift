import Foundation
import LumenCodecs
import LumenCore
import LumenFilters

/// `lumen looks thumbnails`: renders each look's preview to the path its manifest entry names,
/// from one sample photo. The bundled thumbnails (looks/thumbnails/) are made this way; rerun
/// it after changing a recipe.
enum LooksThumbnails {
  static func run(_ words: [String]) throws {
    let args = try Arguments(words, valued: ["from", "size", "manifest", "quality"])
    guard args.positional.isEmpty else {
      throw UsageError("looks thumbnails takes no files, only options\n\(LooksCommand.usage)")
    }
    let library = try LooksCommand.library(args)
    let size = try args.integer("size", in: 16...1024) ?? 128
    let quality = try args.integer("quality", in: 1...100) ?? 80
    let renderer = RenderContext().renderer()
    let picture = try picture(
      args.value("from") ?? "samples/coffee.jpg", longSide: size, renderer: renderer)
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
