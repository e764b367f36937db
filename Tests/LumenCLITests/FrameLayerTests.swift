import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// Frame layers from the built-in frames: drawn around the picture only, the same at every
/// scale, and a bad frame fails naming its layer.
struct FrameLayerTests {
  static func document(frame: String, size: Double = 0) -> String {
    """
    {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
     {"id":"border","kind":"frame","frame":"\(frame)","size":\(size)}]}
    """
  }

  static func plain(_ folder: URL, width: Int, height: Int) throws -> URL {
    let photo = folder.appendingPathComponent("plain.png")
    try ImageFile.write(
      Bitmap(width: width, height: height, format: .rgb8) { bytes in
        for index in bytes.indices { bytes[index] = 128 }
      }, to: photo)
    return photo
  }

  /// Every built-in frame changes the band (0.1 of the shorter side here) and leaves the
  /// picture inside it as it was.
  @Test func everyBuiltInFrameDrawsOnlyTheBand() throws {
    let folder = try CLI.scratch()
    let photo = try Self.plain(folder, width: 400, height: 300)
    let listing = try CLI.run("assets", "list", "--source", "lumen.frame", "--json")
    let references = listing.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["reference"]
        as? String
    }
    #expect(references.count >= 6)
    for reference in references {
      let doc = folder.appendingPathComponent("doc.json")
      try Data(Self.document(frame: reference, size: 0.1).utf8).write(to: doc)
      let output = folder.appendingPathComponent("framed.png")
      let result = try CLI.run(
        "edit", photo.path, "--doc", doc.path, "-o", output.path, "--overwrite")
      #expect(result.status == 0, "\(reference): \(result.errors)")
      let b = try ImageFile.read(output).bitmap
      // The inside, 30 px in from the 300 px side's tenth, is the photo's grey.
      for (x, y) in [(200, 150), (40, 40), (360, 260)] {
        #expect(b.sample(x: x, y: y).allSatisfy { abs($0 - 128.0 / 255) < 0.01 }, "\(reference)")
      }
      // Something is drawn in the band along every side (30 px, a tenth of 300).
      func drawn(_ xs: Range<Int>, _ ys: Range<Int>) -> Bool {
        ys.contains { y in
          xs.contains { x in b.sample(x: x, y: y).contains { abs($0 - 128.0 / 255) > 0.05 } }
        }
      }
      let band = [
        drawn(0..<400, 0..<30), drawn(0..<400, 270..<300), drawn(0..<30, 0..<300),
        drawn(370..<400, 0..<300),
      ]
      #expect(band.allSatisfy { $0 }, "\(reference): \(band)")
    }
  }

  /// A preview (long side 300) equals the export (1200) scaled down to it.
  @Test(.tags(.oracle), .requires(.imageMagick))
  func previewMatchesTheExportScaledDown() throws {
    let folder = try CLI.scratch()
    let photo = try Self.plain(folder, width: 1200, height: 800)
    let doc = folder.appendingPathComponent("doc.json")
    try Data(Self.document(frame: "asset:lumen.frame/classic-wood").utf8).write(to: doc)
    let (a, b) = try CLI.previewAndScaledExport(photo: photo, document: doc)
    #expect(psnr(a, b) >= 30, "\(psnr(a, b)) dB")
  }

  /// An unknown frame, a sticker named as a frame and a user frame whose pieces leave its
  /// folder fail in one line naming the layer; nothing is written.
  @Test func aBadFrameFailsNamingItsLayer() throws {
    let folder = try CLI.scratch()
    let photo = try Self.plain(folder, width: 60, height: 40)
    let source = folder.appendingPathComponent("mine")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"/>".utf8).write(
      to: folder.appendingPathComponent("outside.svg"))
    try Data(
      #"{"version":"1","id":"mine","assets":[{"id":"escape","payload":{"top":{"middle":"../outside.svg"}}},{"id":"odd","payload":{"layout":"diagonal"}}]}"#
        .utf8
    ).write(to: source.appendingPathComponent("content.json"))
    let output = folder.appendingPathComponent("out.png")
    for frame in [
      "asset:lumen.frame/nope", "classic-wood", "asset:mine/escape", "asset:mine/odd",
    ] {
      let doc = folder.appendingPathComponent("doc.json")
      try Data(Self.document(frame: frame).utf8).write(to: doc)
      let result = try CLI.run(
        "edit", photo.path, "--doc", doc.path, "-o", output.path, "--asset-source",
        source.appendingPathComponent("content.json").path)
      #expect(result.status == 1, "\(frame): \(result.errors)")
      #expect(result.errors.contains("layers[0] (\"border\")"), "\(frame): \(result.errors)")
      #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
      #expect(!FileManager.default.fileExists(atPath: output.path))
    }
  }
}
