import LumenCore
import LumenLayers
import Testing

@testable import LumenEdit

/// Drawings kept from one render to the next: small lazy ones rendered into pixels once, and
/// those that are 8-bit pixels already kept as they are (rendering them again would only copy
/// them).
@Suite struct DrawnLayersTests {
  let canvas = Rect(width: 400, height: 300)
  let pixels = Bitmap(width: 40, height: 30, format: .rgba8) { bytes in
    for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 37) }
  }

  func kept(_ id: String, _ drawing: Image) throws -> Image {
    let layer = Layer(id: id, content: ShapeContent(shape: .ellipse))
    return try DrawnLayers().image(
      of: layer, on: canvas, resources: EditResources(), context: RenderContext(threadCount: 1)
    ) { drawing }
  }

  @Test func pixelsAreKeptAsTheyAreAndLazyDrawingsRendered() throws {
    let memory = pixels.withUnsafeBytes { $0.baseAddress }
    let placed = try kept("placed", Image(bitmap: pixels).translatedBy(dx: 12, dy: 9))
    #expect(placed.storedBitmap?.withUnsafeBytes { $0.baseAddress } == memory)
    #expect(placed.extent == Rect(x: 12, y: 9, width: 40, height: 30))
    // Turned a quarter: a lazy drawing, rendered into pixels of its own, in the same place.
    let turn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 100, ty: 50)
    let turned = Image(bitmap: pixels).transformed(by: turn, sampling: .nearest)
    let rendered = try kept("turned", turned)
    let bitmap = try #require(rendered.storedBitmap)
    #expect(bitmap.withUnsafeBytes { $0.baseAddress } != memory)
    #expect(rendered.extent == turned.extent)
    let renderer = Renderer(threadCount: 1)
    let expected = try renderer.bitmap(of: turned, format: .rgba8)
    #expect(
      try renderer.bitmap(of: rendered, format: .rgba8).withUnsafeBytes { Array($0) }
        == expected.withUnsafeBytes { Array($0) })
  }
}
