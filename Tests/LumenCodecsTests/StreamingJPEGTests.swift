import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Streamed JPEGs: rows decoded when a render needs them, into a window when it reads top to
/// bottom; the limits that matter are memory, not pixel counts.
struct StreamingJPEGTests {
  /// A 1200x1000 JPEG (3.6 MB of pixels: windowed in a 16 MB context).
  static func photo() throws -> URL {
    let url = try Scratch.directory().appendingPathComponent("photo.jpg")
    try ImageFile.write(Support.testBitmap(width: 1200, height: 1000), to: url)
    return url
  }

  /// The pixels of a PPM (P6, 8-bit) as written by djpeg.
  static func ppmSamples(_ data: Data) -> [UInt8] {
    // Header: "P6\n<w> <h>\n255\n": the samples follow the fourth whitespace-separated field.
    var fields = 0
    var index = data.startIndex
    var inField = false
    while fields < 4 || inField {
      let isSpace = [0x20, 0x0A, 0x0D, 0x09].contains(data[index])
      if inField && isSpace { fields += 1 }
      inField = !isSpace
      index += 1
    }
    return [UInt8](data[index...])
  }

  /// Colour-chain renders of a streamed JPEG in a small context (which decodes it into a
  /// window) give djpeg's pixels, whatever the thread count.
  @Test(.requires(.djpeg), arguments: [1, 2, 3])
  func windowedRendersGiveDjpegsPixels(threads: Int) throws {
    let url = try Self.photo()
    let expected = Self.ppmSamples(try Program.output(of: "djpeg", ["-ppm", url.path]))
    let photo = try Photo(contentsOf: url)
    let context = RenderContext(threadCount: threads, memoryBudget: 16 << 20)
    let out = try context.bitmap(of: photo.image, format: .rgb8)
    #expect(Support.bytes(of: out) == expected)
    // Decoded afresh for a second render, to the same bytes.
    #expect(Support.bytes(of: try context.bitmap(of: photo.image, format: .rgb8)) == expected)
    // Read whole by a reader outside any render.
    #expect(Support.bytes(of: photo.decoded.bitmap) == expected)
  }

  /// A 3-D LUT over a streamed JPEG in a 64 MB context: the colour memo (64 MB of table) must
  /// make way for the window the render needs (it took the room first, and the render was
  /// refused where a 32 MB context, too small for any memo, ran), in the first render and in
  /// the next, when the memo is kept.
  @Test func memosMakeWayForTheWindowARenderNeeds() throws {
    let photo = try Photo(contentsOf: try Self.photo())
    let cube = ColorCubeKernel(
      cube: ColorCube(
        size: 9, sampling: { c in RGBA(red: c.green, green: c.blue, blue: c.red, alpha: 1) }))
    let graded = photo.image.applying(cube)
    let context = RenderContext(threadCount: 2, memoryBudget: 64 << 20)
    let first = try context.bitmap(of: graded, format: .rgb8)
    let second = try context.bitmap(of: graded, format: .rgb8)
    #expect(Support.bytes(of: first) == Support.bytes(of: second))
  }

  /// A render of the top rows of a truncated file still fails (the window's decoder runs to
  /// the end of the file before the render finishes), naming the file.
  @Test func aTruncatedFileFailsEvenARenderOfItsTop() throws {
    let data = try Data(contentsOf: try Self.photo())
    let decoded = try ImageFile.read(
      data: data.prefix(data.count * 2 / 3), name: "cut.jpg",
      options: DecodeOptions(streaming: true))
    let top = Image(bitmap: decoded.bitmap).cropped(to: Rect(width: 1200, height: 64))
    let context = RenderContext(threadCount: 2, memoryBudget: 16 << 20)
    let error = Support.codecError { _ = try context.bitmap(of: top, format: .rgb8) }
    #expect(error?.problem == .truncated)
    #expect(error?.description.hasPrefix("cut.jpg: ") == true)
  }

  /// A header of more than 256 megapixels is accepted when streamed (a window of rows is all a
  /// top-to-bottom render holds) and refused when decoded whole.
  @Test func streamingLiftsThePixelCountLimit() throws {
    var data = try Data(contentsOf: try Self.photo())
    try JPEGBytes.setSize(of: &data, width: 40000, height: 25000)
    let streamed = try ImageFile.read(
      data: data, name: "giga.jpg", options: DecodeOptions(streaming: true))
    #expect(streamed.bitmap.width == 40000 && streamed.bitmap.height == 25000)
    let error = Support.codecError { _ = try ImageFile.read(data: data, name: "giga.jpg") }
    #expect(error?.problem == .tooLarge(width: 40000, height: 25000, limit: 268_435_456))
  }
}

/// Edits of JPEG headers for crafted files.
enum JPEGBytes {
  /// Rewrites the size in the file's start-of-frame segment (SOF0-SOF2).
  static func setSize(of data: inout Data, width: Int, height: Int) throws {
    var i = data.startIndex + 2
    while i + 9 < data.endIndex {
      guard data[i] == 0xFF else { throw ToolFailure("no JPEG marker at \(i)") }
      let marker = data[i + 1]
      let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
      if (0xC0...0xC2).contains(marker) {
        data[i + 5] = UInt8(height >> 8)
        data[i + 6] = UInt8(height & 0xFF)
        data[i + 7] = UInt8(width >> 8)
        data[i + 8] = UInt8(width & 0xFF)
        return
      }
      i += 2 + length
    }
    throw ToolFailure("no start-of-frame segment")
  }
}
