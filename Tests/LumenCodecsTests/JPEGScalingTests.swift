import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Preview decoding at 1/2, 1/4 and 1/8 against `djpeg -scale`, an independent program on the
/// same library: sizes and samples must agree exactly.
struct JPEGScalingTests {
  @Test(.tags(.oracle), .requires(.djpeg), arguments: [DecodeScale.half, .quarter, .eighth])
  func matchesDjpeg(scale: DecodeScale) throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("source.jpg")
    try ImageFile.write(Support.testBitmap(width: 203, height: 117), to: url)
    let decoded = try ImageFile.read(url, options: DecodeOptions(scale: scale))
    let n = scale.denominator
    #expect(decoded.bitmap.width == (203 + n - 1) / n)
    #expect(decoded.bitmap.height == (117 + n - 1) / n)
    #expect(decoded.appliedScale == scale)
    #expect(decoded.originalWidth == 203 && decoded.originalHeight == 117)

    let ppm = directory.appendingPathComponent("djpeg.ppm")
    try Program.text(of: "djpeg", ["-scale", "1/\(n)", "-pnm", "-outfile", ppm.path, url.path])
    let (width, height, samples) = try Support.readPPM(Data(contentsOf: ppm))
    #expect(width == decoded.bitmap.width && height == decoded.bitmap.height)
    #expect(samples == Support.bytes(of: decoded.bitmap))
  }

  @Test func otherFormatsReportFullScale() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("source.png")
    try ImageFile.write(Support.testBitmap(), to: url)
    let decoded = try ImageFile.read(url, options: DecodeOptions(scale: .quarter))
    #expect(decoded.appliedScale == .full)
    #expect(decoded.bitmap.width == 64)
  }
}
