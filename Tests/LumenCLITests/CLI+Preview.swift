import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

extension CLI {
  /// `document` rendered over `photo` whole and as a preview (long side 300): the preview, and
  /// the whole render scaled to the preview's size by ImageMagick's box filter, to compare a
  /// layer drawn again at the preview's size with the export. The files go beside `document`.
  static func previewAndScaledExport(photo: URL, document: URL) throws -> (
    preview: Bitmap, scaled: Bitmap
  ) {
    let folder = document.deletingLastPathComponent()
    let (full, preview) = (
      folder.appendingPathComponent("full.png"), folder.appendingPathComponent("preview.png")
    )
    for (output, extra) in [(full, [String]()), (preview, ["--preview", "300"])] {
      let result = try run(["edit", photo.path, "--doc", document.path, "-o", output.path] + extra)
      #expect(result.status == 0, "\(result.errors)")
    }
    let info = try ImageFile.info(preview)
    let scaled = folder.appendingPathComponent("scaled.png")
    try Program.output(
      of: "convert",
      [full.path, "-filter", "box", "-resize", "\(info.width)x\(info.height)!", scaled.path])
    return (try ImageFile.read(preview).bitmap, try ImageFile.read(scaled).bitmap)
  }
}
