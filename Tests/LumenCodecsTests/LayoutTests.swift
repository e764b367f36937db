import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Stored layouts expanded on reading (grey, grey+alpha, palette with transparency,
/// interlacing, 16-bit grey), against Pillow's decoders; CMYK JPEG is refused.
@Suite(.tags(.oracle), .requires(.python, .vips))
struct LayoutTests {
  /// The files of `codecs_variants.py`, made once.
  static let fixtures: Result<URL, any Error> = Result {
    let directory = try Scratch.directory()
    try Oracle.runScript("codecs_variants.py", [directory.path])
    // Pillow cannot write interlaced PNG; vips can.
    try Program.text(
      of: "vips",
      [
        "copy", directory.appendingPathComponent("rgb.png").path,
        directory.appendingPathComponent("interlaced.png").path + "[interlace]",
      ])
    return directory
  }

  @Test(arguments: [
    ("grey.jpg", PixelFormat.rgb8, 1), ("grey.png", .rgb8, 0), ("grey-alpha.png", .rgba8, 0),
    ("palette.png", .rgba8, 0), ("interlaced.png", .rgb8, 0),
  ])
  func expandsLikePillow(name: String, format: PixelFormat, tolerance: Int) throws {
    let url = try Self.fixtures.get().appendingPathComponent(name)
    let decoded = try ImageFile.read(url)
    #expect(decoded.bitmap.format == format)
    let (width, height, samples) = try Support.pillowDecode(url)
    #expect(decoded.bitmap.width == width && decoded.bitmap.height == height)
    #expect(Support.maxDifference(Support.bytes(of: decoded.bitmap), samples) <= tolerance)
  }

  @Test func sixteenBitGreyKeepsItsDepth() throws {
    let directory = try Self.fixtures.get()
    let deep = try ImageFile.read(directory.appendingPathComponent("grey16.png"))
    let shallow = try ImageFile.read(directory.appendingPathComponent("grey.png"))
    #expect(deep.bitmap.format == .rgb16)
    #expect(try ImageFile.info(directory.appendingPathComponent("grey16.png")).bitDepth == 16)
    let expected = Support.bytes(of: shallow.bitmap).map { UInt16($0) * 256 }
    let actual = deep.bitmap.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }
    #expect(zip(actual, expected).filter { $0 != $1 }.isEmpty && actual.count == expected.count)
  }

  @Test func cmykJPEGIsRefused() throws {
    let url = try Self.fixtures.get().appendingPathComponent("cmyk.jpg")
    let error = Support.codecError { _ = try ImageFile.read(url) }
    #expect(error?.problem == .unsupported("CMYK JPEG"))
  }
}
