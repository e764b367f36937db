import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Streamed PNGs: non-interlaced files are decoded by rows when a render needs them (into a
/// window when it reads top to bottom), interlaced ones whole; the pixels and metadata are
/// those of a whole decode.
struct StreamingPNGTests {
  /// A little-endian TIFF structure holding one tag: orientation 6.
  static let exif = Data([
    0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0,
  ])

  /// A 900x700 PNG of `format` with an EXIF orientation.
  static func file(_ format: PixelFormat) throws -> URL {
    let url = try Scratch.directory().appendingPathComponent("photo.png")
    try ImageFile.write(
      Support.testBitmap(width: 900, height: 700, format: format), to: url,
      options: EncodeOptions(bitDepth: format.sample == .uint16 ? .sixteen : .eight, exif: exif))
    return url
  }

  @Test(arguments: [PixelFormat.rgb8, .rgba8, .rgb16, .rgba16], [1, 3])
  func windowedRendersGiveTheWholeDecodesPixels(format: PixelFormat, threads: Int) throws {
    let url = try Self.file(format)
    let whole = try ImageFile.read(url)
    let streamed = try ImageFile.read(url, options: DecodeOptions(streaming: true))
    #expect(streamed.exif != nil && streamed.exif == whole.exif)
    #expect(streamed.orientation == whole.orientation)
    #expect(streamed.bitmap.format == format)
    // Read top to bottom in a context too small to hold them whole, as the whole decode's.
    let context = RenderContext(threadCount: threads, memoryBudget: 16 << 20)
    let rendered = try context.bitmap(of: Image(bitmap: streamed.bitmap), format: format)
    let expected = try RenderContext(threadCount: 1).bitmap(
      of: Image(bitmap: whole.bitmap), format: format)
    #expect(Support.bytes(of: rendered) == Support.bytes(of: expected))
    #expect(Support.bytes(of: streamed.bitmap) == Support.bytes(of: whole.bitmap))
  }

  /// An interlaced file is decoded whole, to the same pixels.
  @Test(.requires(.vips)) func interlacedFilesDecodeWhole() throws {
    let url = try Self.file(.rgb8)
    let interlaced = url.deletingLastPathComponent().appendingPathComponent("interlaced.png")
    try Program.output(of: "vips", ["copy", url.path, interlaced.path + "[interlace]"])
    let streamed = try ImageFile.read(interlaced, options: DecodeOptions(streaming: true))
    let context = RenderContext(threadCount: 2, memoryBudget: 16 << 20)
    let rendered = try context.bitmap(of: Image(bitmap: streamed.bitmap), format: .rgb8)
    #expect(Support.bytes(of: rendered) == Support.bytes(of: try ImageFile.read(url).bitmap))
  }

  /// A header of more than 256 megapixels is accepted when streamed, refused when whole.
  @Test func streamingLiftsThePixelCountLimit() throws {
    var data = try Data(contentsOf: try Self.file(.rgb8))
    PNGBytes.setSize(of: &data, width: 40000, height: 25000)
    let streamed = try ImageFile.read(
      data: data, name: "giga.png", options: DecodeOptions(streaming: true))
    #expect(streamed.bitmap.width == 40000 && streamed.bitmap.height == 25000)
    let error = Support.codecError { _ = try ImageFile.read(data: data, name: "giga.png") }
    #expect(error?.problem == .tooLarge(width: 40000, height: 25000, limit: 268_435_456))
  }
}
