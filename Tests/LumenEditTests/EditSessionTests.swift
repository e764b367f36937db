import Foundation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenTestSupport
import Testing

@Suite struct EditSessionTests {
  let photo = PackagePaths.sample("coffee")

  func bytes(_ b: Bitmap) -> [UInt8] { b.withUnsafeBytes { Array($0) } }

  @Test func previewsHaveThePreviewSizeAndReuseTheGeometryCorrectly() throws {
    let session = EditSession(contentsOf: photo, previewLongSide: 300)
    var d = EditDocument()
    d.crop = CropSettings(x: 0.1, y: 0.1, width: 0.5, height: 0.5)
    let first = try session.preview(d)
    #expect(first.width == 150 && first.height == 100)
    // A slider change reuses the cached geometry; a fresh session must give the same bytes.
    d.adjustments.contrast = 0.4
    let changed = try session.preview(d)
    let fresh = try EditSession(contentsOf: photo, previewLongSide: 300).preview(d)
    #expect(bytes(changed) == bytes(fresh))
    #expect(bytes(changed) != bytes(first))
    // A geometry change is not served from the old cache.
    d.crop = CropSettings(x: 0, y: 0, width: 1, height: 1)
    #expect(try session.preview(d).width == 300)
  }

  @Test func exportWritesTheFullResolution() throws {
    let out = try Scratch.directory().appendingPathComponent("session.png")
    var d = EditDocument()
    d.orientation.quarterTurns = 1
    try EditSession(contentsOf: photo).export(d, to: out)
    let info = try ImageFile.info(out)
    #expect(info.width == 400 && info.height == 600)
  }
}
