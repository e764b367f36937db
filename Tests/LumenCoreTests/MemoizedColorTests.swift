import Testing

@testable import LumenCore

/// Remembering a colour chain's results per colour must not change a single byte.
@Suite struct MemoizedColorTests {
  /// A channel mix in linear light: the sRGB encode after it cannot fold into a table.
  let mix = ColorMatrix(red: [1.2, -0.1, -0.1, 0], blue: [-0.05, 0.1, 0.95, 0])

  /// An expensive chain: a curve no table can hold (it follows a matrix) and a 3-D LUT.
  let cube = ColorCube(size: 17) { c in
    RGBA(red: c.red * c.red, green: (c.green + c.blue) / 2, blue: 1 - c.blue)
  }

  func edited(_ bitmap: Bitmap) -> Image { edited(Image(bitmap: bitmap)) }

  func edited(_ image: Image) -> Image { image.applying(mix).applying(cube, intensity: 0.7) }

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
    func remembers(_ image: Image) -> Bool {
      Optimizer(root: image.node).plan(for: image.node, transfer: .sRGB) is MemoizedColorPlan
    }
    let opaque = testBitmap(width: 8, height: 8)
    #expect(remembers(edited(opaque)))
    // A matrix on encoded colour costs less than a lookup; translucent and 16-bit sources
    // have too many colours.
    var encodedMix = mix
    encodedMix.transfer = .sRGB
    #expect(!remembers(Image(bitmap: opaque).applying(encodedMix)))
    #expect(!remembers(edited(testBitmap(width: 8, height: 8, alpha: true))))
    let wide = try! Renderer().bitmap(of: Image(bitmap: opaque), format: .rgb16)
    #expect(!remembers(edited(wide)))
  }

  @Test func chainsFeedingOtherKernelsAreRememberedAsHalfFloats() throws {
    // One chain read twice: as it is, and resampled (Lanczos) over it.
    let chain = edited(testBitmap(width: 300, height: 200, seed: 3))
    let image = chain.scaled(by: 0.5).composited(over: chain)
    let plan = Optimizer(root: image.node).plan(for: image.node, transfer: .sRGB)
    func contains(_ plan: Plan) -> Bool {
      (plan as? MemoizedColorPlan)?.encoding == .halfFloat
        || plan.children.contains(where: contains)
    }
    #expect(contains(plan))
    var renderer = Renderer(threadCount: 2)
    let remembered = try renderer.bitmap(of: image, format: .rgba8)
    renderer.remembersColors = false
    let computed = try renderer.bitmap(of: image, format: .rgba8)
    // Within one level: an eighth of a level can tip a rounding.
    #expect(maxDifference(samples(remembered), samples(computed)) < 1.5 / 255)
  }

  @Test func wideOutputsAreComputedForEveryPixel() throws {
    let image = edited(testBitmap(width: 120, height: 50, seed: 5))
    var renderer = Renderer()
    for format in [PixelFormat.rgb16, .rgbaFloat] {
      let remembered = try renderer.bitmap(of: image, format: format)
      renderer.remembersColors = false
      #expect(samples(remembered) == samples(try renderer.bitmap(of: image, format: format)))
      renderer.remembersColors = true
    }
  }

  @Test func laterRendersOfTheSameChainReuseTheMemoExactly() throws {
    // Like the frames of a video: the same chain over different pictures.
    let first = edited(testBitmap(width: 400, height: 60, seed: 11))
    let second = edited(testBitmap(width: 400, height: 60, seed: 12))
    let reference = try render(second, threads: 2, remembering: false)
    _ = try render(first, threads: 2, remembering: true)
    #expect(samples(try render(second, threads: 2, remembering: true)) == samples(reference))

    let key = ColorMemo.Key(kernels: [AnyHashable(mix)], table: [0, 1], encoding: .storedBytes)
    let memos = RenderContext().memos
    #expect(
      memos.memo(for: key, encoding: .storedBytes)
        === memos.memo(for: key, encoding: .storedBytes))
    #expect(
      memos.memo(for: nil, encoding: .storedBytes)
        !== memos.memo(for: nil, encoding: .storedBytes))
    // Contexts share no memo.
    #expect(
      RenderContext().memos.memo(for: key, encoding: .storedBytes)
        !== memos.memo(for: key, encoding: .storedBytes))
  }

  @Test func cropsAndMovesBeforeTheChainReadTheRightBytes() throws {
    // The edit document's shape: crop, move to the origin, then the adjustments.
    let source = Image(bitmap: testBitmap(width: 300, height: 120, seed: 9))
    let moved = source.cropped(to: Rect(x: 31, y: 17, width: 200, height: 80)).movedToOrigin()
    let image = edited(moved)
    #expect(
      Optimizer(root: image.node).plan(for: image.node, transfer: .sRGB) is MemoizedColorPlan)
    #expect(
      samples(try render(image, threads: 2, remembering: true))
        == samples(try render(image, threads: 2, remembering: false)))
  }

  @Test func tablesStartAfreshWhenTheirTagsRunOut() throws {
    // Every render a new chain, so a recycled table and a new tag; 300 renders pass the 255
    // tags of stored-byte words.
    let image = Image(bitmap: testBitmap(width: 24, height: 8, seed: 9))
    for step in 0..<300 {
      let gain = 0.4 + Float(step) / 500
      let chain = image.applying(cube, intensity: 0.5).applying(
        ColorMatrix(red: [gain, 0, 0, 0], green: [0, 1, 0, 0], blue: [0, 0, gain, 0]))
      let remembered = samples(try render(chain, threads: 2, remembering: true))
      #expect(remembered == samples(try render(chain, threads: 1, remembering: false)))
    }
  }

  @Test func recycledTablesForgetTheirColours() throws {
    // Like slider changes: each render a new chain; from the third on, memos of evicted
    // chains are recycled for new ones.
    let image = testBitmap(width: 320, height: 60, seed: 4)
    for gain in [0.5, 0.6, 0.7, 0.8, 0.9] as [Float] {
      let chain = Image(bitmap: image).applying(
        ColorMatrix(red: [gain, 0, 0, 0], green: [0, gain, 0, 0], blue: [0, 0, 1, 0]))
      #expect(
        samples(try render(chain, threads: 2, remembering: true))
          == samples(try render(chain, threads: 2, remembering: false)))
    }
  }
}
