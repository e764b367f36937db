import Testing

@testable import LumenCore

/// Remembering a colour chain's results per colour must not change a single byte.
@Suite struct MemoizedColorTests {
  /// A channel mix in linear light: the sRGB encode after it cannot fold into a table.
  let mix = ColorMatrix(red: [1.2, -0.1, -0.1, 0], blue: [-0.05, 0.1, 0.95, 0])

  /// An expensive chain: a curve no table can hold (it follows a matrix) and a 3-D LUT.
  func edited(_ bitmap: Bitmap) -> Image {
    let cube = ColorCube(size: 17) { c in
      RGBA(red: c.red * c.red, green: (c.green + c.blue) / 2, blue: 1 - c.blue)
    }
    return Image(bitmap: bitmap)
      .applying(mix)
      .applying(cube, intensity: 0.7)
  }

  func render(_ image: Image, rect: Rect? = nil, threads: Int, remembering: Bool) throws -> Bitmap {
    var renderer = Renderer(threadCount: threads)
    renderer.remembersColors = remembering
    return try renderer.bitmap(of: image, rect: rect, format: .rgb8)
  }

  @Test(arguments: [1, 2, 5])
  func rememberingGivesTheSameBytes(threads: Int) throws {
    let image = edited(testBitmap(width: 700, height: 90))
    let computed = try render(image, threads: 1, remembering: false)
    let remembered = try render(image, threads: threads, remembering: true)
    #expect(samples(remembered) == samples(computed))
  }

  @Test func regionsOffTheOriginGiveTheSameBytes() throws {
    let image = edited(testBitmap(width: 500, height: 80, seed: 7))
    let rect = Rect(x: 37, y: 11, width: 301, height: 45)
    let computed = try render(image, rect: rect, threads: 2, remembering: false)
    let remembered = try render(image, rect: rect, threads: 2, remembering: true)
    #expect(samples(remembered) == samples(computed))
  }

  @Test func onlyExpensiveChainsOverOpaque8BitSourcesAreRemembered() {
    func planned(_ image: Image, _ format: PixelFormat) -> Plan? {
      let plan = Optimizer(root: image.node).plan(for: image.node, transfer: format.transfer)
      return MemoizedColorPlan.memoizing(plan, storedAs: format)
    }
    let opaque = testBitmap(width: 8, height: 8)
    #expect(planned(edited(opaque), .rgb8) != nil)
    #expect(planned(edited(opaque), .rgba8) != nil)
    // A matrix costs less than a lookup; 16-bit results and translucent sources have no table.
    var encodedMix = mix
    encodedMix.transfer = .sRGB
    #expect(planned(Image(bitmap: opaque).applying(encodedMix), .rgb8) == nil)
    #expect(planned(edited(opaque), .rgb16) == nil)
    #expect(planned(edited(testBitmap(width: 8, height: 8, alpha: true)), .rgba8) == nil)
  }
}
