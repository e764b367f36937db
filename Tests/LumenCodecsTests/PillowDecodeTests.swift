import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Decoded samples against Pillow's decoders (its own bundled libjpeg-turbo and libwebp).
@Suite(.tags(.oracle), .requires(.python))
struct PillowDecodeTests {
  @Test(arguments: [
    ("jpg", EncodeOptions(quality: 85), 1), ("jpg", EncodeOptions(progressive: true), 1),
    ("png", EncodeOptions(), 0), ("webp", EncodeOptions(lossless: true), 0),
    ("webp", EncodeOptions(quality: 80), 1),
  ])
  func matchesPillow(fileExtension: String, options: EncodeOptions, tolerance: Int) throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("image.\(fileExtension)")
    let format: PixelFormat = fileExtension == "jpg" ? .rgb8 : .rgba8
    try ImageFile.write(
      Support.testBitmap(width: 71, height: 53, format: format), to: url, options: options)
    let decoded = try ImageFile.read(url)
    let (width, height, samples) = try Support.pillowDecode(url)
    #expect(width == 71 && height == 53)
    let ours = Support.bytes(of: decoded.bitmap)
    #expect(Support.maxDifference(ours, samples) <= tolerance)
  }
}
