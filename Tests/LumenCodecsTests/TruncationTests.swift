import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// A JPEG cut in the middle of its scan data and closed with an EOI marker, as a failed
/// download or copy leaves it: libjpeg warns "premature end of data segment" and pads the rest
/// with grey, which must be refused as truncated rather than rendered.
struct TruncationTests {
  static let sample = PackagePaths.root.appendingPathComponent("samples/coffee.jpg")

  /// The sample (baseline, or re-encoded progressive) cut halfway through and ended by FF D9.
  static func cutWithEOI(progressive: Bool) throws -> Data {
    var data = try Data(contentsOf: sample)
    if progressive {
      let url = try Scratch.directory().appendingPathComponent("progressive.jpg")
      let decoded = try ImageFile.read(sample)
      try ImageFile.write(decoded.bitmap, to: url, options: EncodeOptions(progressive: true))
      data = try Data(contentsOf: url)
    }
    return data.prefix(data.count / 2) + Data([0xFF, 0xD9])
  }

  @Test(arguments: [false, true])
  func cutScanEndedByEOIIsTruncated(progressive: Bool) throws {
    let data = try Self.cutWithEOI(progressive: progressive)
    for streaming in [false, true] {
      let error = Support.codecError {
        let decoded = try ImageFile.read(
          data: data, name: "cut.jpg", options: DecodeOptions(streaming: streaming))
        // A streaming decode reports its failure to the first render that reads the rows.
        _ = try RenderContext().bitmap(of: Image(bitmap: decoded.bitmap), format: .rgb8)
      }
      #expect(error?.problem == .truncated, "streaming \(streaming): \(String(describing: error))")
      #expect(error?.description.hasPrefix("cut.jpg: the file is truncated") == true)
    }
  }

  /// djpeg, reading the same bytes, confirms the file is damaged (it warns, as libjpeg does).
  @Test(.tags(.oracle), .requires(.djpeg))
  func djpegAgreesTheFileIsDamaged() throws {
    let url = try Scratch.directory().appendingPathComponent("cut.jpg")
    try Self.cutWithEOI(progressive: false).write(to: url)
    let result = try Program.run("djpeg", ["-outfile", "/dev/null", url.path])
    #expect(result.errors.contains("Corrupt JPEG data: premature end of data segment"))
  }
}
