import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Decoded pixels turned upright by LumenCore (`Image.oriented`) against Pillow's
/// `ImageOps.exif_transpose`, for all eight orientations; and the upright render streamed
/// through ``ImageWriter`` as a renderer's ``RowSink``.
@Suite(.tags(.oracle), .requires(.python))
struct OrientedRenderTests {
  @Test(arguments: 1...8)
  func matchesExifTranspose(value: Int) throws {
    let url = try ExifTests.fixture(value)
    let decoded = try ImageFile.read(url)
    let upright = Image(bitmap: decoded.bitmap).oriented(decoded.orientation)
    let rendered = try Renderer().bitmap(of: upright, format: .rgb8)
    let (width, height, samples) = try Support.pillowDecode(url, transpose: true)
    #expect(rendered.width == width && rendered.height == height)
    #expect(Support.maxDifference(Support.bytes(of: rendered), samples) <= 1)
  }

  @Test func renderStreamsIntoWriter() throws {
    let decoded = try ImageFile.read(try ExifTests.fixture(6))
    let output = try Scratch.directory().appendingPathComponent("upright.png")
    let writer = try ImageWriter(url: output, options: EncodeOptions(exif: decoded.exif))
    let upright = Image(bitmap: decoded.bitmap).oriented(decoded.orientation)
    try Renderer().render(upright, format: writer.preferredFormat(hasAlpha: false), to: writer)
    let written = try ImageFile.read(output)
    #expect(written.bitmap.width == 16 && written.bitmap.height == 24)
    #expect(written.orientation == .up)
    let expected = try Renderer().bitmap(of: upright, format: .rgb8)
    #expect(Support.bytes(of: written.bitmap) == Support.bytes(of: expected))
  }
}
