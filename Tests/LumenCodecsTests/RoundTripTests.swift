import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Encode then decode each format and compare with the source pixels.
struct RoundTripTests {
  @Test(arguments: [
    (90, ChromaSubsampling.s420, false), (90, .s444, false), (75, .s420, true), (98, .s444, true),
  ])
  func jpeg(quality: Int, chroma: ChromaSubsampling, progressive: Bool) throws {
    let directory = try Scratch.directory()
    let source = Support.testBitmap(width: 97, height: 61)
    let url = directory.appendingPathComponent("out.jpg")
    try ImageFile.write(
      source, to: url,
      options: EncodeOptions(quality: quality, chroma: chroma, progressive: progressive))
    let decoded = try ImageFile.read(url)
    #expect(decoded.format == .jpeg)
    #expect(decoded.bitmap.width == 97 && decoded.bitmap.height == 61)
    #expect(decoded.bitmap.format == .rgb8)
    let psnr = LumenTestSupport.psnr(
      bytes: Support.bytes(of: source), Support.bytes(of: decoded.bitmap))
    #expect(psnr > (quality >= 90 ? 33 : 30), "PSNR \(psnr) dB")
    let info = try ImageFile.info(url)
    #expect(info.profileDescription == "sRGB built-in")
  }

  @Test(arguments: [PixelFormat.rgba8, .rgba16, .rgb16, .rgb8])
  func pngIsLossless(format: PixelFormat) throws {
    let directory = try Scratch.directory()
    let source = Support.testBitmap(width: 33, height: 20, format: format)
    let url = directory.appendingPathComponent("out.png")
    try ImageFile.write(source, to: url)
    let decoded = try ImageFile.read(url)
    #expect(decoded.bitmap.format == format)
    #expect(Support.bytes(of: decoded.bitmap) == Support.bytes(of: source))
    let info = try ImageFile.info(url)
    #expect(info.bitDepth == format.sample.byteCount * 8)
    #expect(info.hasAlpha == format.hasAlpha)
  }

  @Test func pngDepthFollowsTheOption() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.png")
    let source = Support.testBitmap(format: .rgba8)
    try ImageFile.write(source, to: url, options: EncodeOptions(bitDepth: .sixteen))
    let decoded = try ImageFile.read(url)
    #expect(decoded.bitmap.format == .rgba16)
    #expect(decoded.bitmap.sample(x: 5, y: 7) == source.sample(x: 5, y: 7))
  }

  @Test(arguments: [PixelFormat.rgba8, .rgb8])
  func webpLosslessIsExact(format: PixelFormat) throws {
    let directory = try Scratch.directory()
    let source = Support.testBitmap(format: format)
    let url = directory.appendingPathComponent("out.webp")
    try ImageFile.write(source, to: url, options: EncodeOptions(lossless: true))
    let decoded = try ImageFile.read(url)
    #expect(decoded.bitmap.format == format)
    #expect(Support.bytes(of: decoded.bitmap) == Support.bytes(of: source))
  }

  @Test func webpLossy() throws {
    let directory = try Scratch.directory()
    let source = Support.testBitmap()
    let url = directory.appendingPathComponent("out.webp")
    try ImageFile.write(source, to: url, options: EncodeOptions(quality: 90))
    let decoded = try ImageFile.read(url)
    let psnr = LumenTestSupport.psnr(
      bytes: Support.bytes(of: source), Support.bytes(of: decoded.bitmap))
    #expect(psnr > 30, "PSNR \(psnr) dB")
  }

  @Test func heic() throws {
    try #require(HEIFEncoder.isAvailable, "libheif has no HEVC encoder on this system")
    let directory = try Scratch.directory()
    let source = Support.testBitmap(width: 64, height: 48)
    let url = directory.appendingPathComponent("out.heic")
    try ImageFile.write(source, to: url, options: EncodeOptions(quality: 90))
    let decoded = try ImageFile.read(url)
    #expect(decoded.format == .heic)
    #expect(decoded.bitmap.width == 64 && decoded.bitmap.height == 48)
    let psnr = LumenTestSupport.psnr(
      bytes: Support.bytes(of: source), Support.bytes(of: decoded.bitmap))
    #expect(psnr > 28, "PSNR \(psnr) dB")
    let info = try ImageFile.info(url)
    #expect(info.format == .heic && info.width == 64 && info.bitDepth == 8 && !info.hasAlpha)
  }

  @Test func floatRendersAreEncodedToSRGB() throws {
    let directory = try Scratch.directory()
    let linear = Support.testBitmap(format: .rgbaFloat)
    let url = directory.appendingPathComponent("out.png")
    try ImageFile.write(linear, to: url)
    let decoded = try ImageFile.read(url)
    #expect(decoded.bitmap.format == .rgba16)
    let stored = linear.sample(x: 10, y: 10)
    let written = decoded.bitmap.sample(x: 10, y: 10)
    for channel in 0..<3 {
      #expect(abs(written[channel] - SRGB.encode(stored[channel])) < 1e-4)
    }
    #expect(abs(written[3] - stored[3]) < 1e-4)
  }
}
