import Testing

@testable import LumenCore

/// Contexts share nothing: renders in two of them at once give the bytes of renders one after
/// another, and each keeps to its memory budget.
@Suite struct RenderContextTests {
  static let mix = ColorMatrix(red: [1.2, -0.1, -0.1, 0], blue: [-0.05, 0.1, 0.95, 0])
  static let cube = ColorCube(size: 17) { c in
    RGBA(red: c.red * c.red, green: (c.green + c.blue) / 2, blue: 1 - c.blue)
  }

  /// Eight chains: remembered colours (as bytes and as half floats under a cache), a
  /// pyramid, resampling, geometry, and chains that meet.
  static func chains() -> [Image] {
    let base = Image(bitmap: testBitmap(width: 640, height: 360, seed: 21))
    let other = Image(bitmap: testBitmap(width: 640, height: 360, seed: 22))
    let graded = base.applying(mix).applying(cube, intensity: 0.7)
    return [
      graded,
      graded.scaled(by: 0.5).composited(over: graded),
      base.reduced(by: 4).scaled(by: 4).composited(over: other),
      base.scaled(by: 0.37),
      base.oriented(.right).applying(cube),
      base.cropped(to: Rect(x: 31, y: 17, width: 400, height: 200)).movedToOrigin()
        .applying(mix).applying(cube, intensity: 0.3),
      other.applying(cube, intensity: 0.5),
      other.applying(mix).reduced(by: 2).composited(over: graded.scaled(by: 0.5)),
    ]
  }

  @Test func twoContextsRenderAtOnceAsOneDoesInTurn() async throws {
    let images = Self.chains()
    let alone = RenderContext(threadCount: 1)
    let expected = try images.map { bytes(try alone.bitmap(of: $0, format: .rgb8)) }
    let contexts = [RenderContext(threadCount: 1), RenderContext(threadCount: 1)]
    // Each context renders every chain twice (the second time from its memos), the two at
    // once, in opposite orders.
    let rendered = try await withThrowingTaskGroup(of: [(Int, [UInt8])].self) { group in
      for (c, context) in contexts.enumerated() {
        group.addTask {
          let order = c == 0 ? Array(images.indices) : images.indices.reversed()
          return try (order + order).map { i in
            (i, bytes(try context.bitmap(of: images[i], format: .rgb8)))
          }
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(rendered.count == 2 * 2 * images.count)
    for (i, out) in rendered { #expect(out == expected[i], "chain \(i)") }
  }

  /// 64 MB memo tables do not fit a 16 MB budget: the chain is computed for every pixel, to
  /// the same bytes.
  @Test func aSmallBudgetComputesColoursInsteadOfRemembering() throws {
    let image = Self.chains()[0]
    let small = RenderContext(threadCount: 2, memoryBudget: 16 << 20)
    let out = try small.bitmap(of: image, format: .rgb8)
    var computing = Renderer(threadCount: 2)
    computing.remembersColors = false
    #expect(bytes(out) == bytes(try computing.bitmap(of: image, format: .rgb8)))
    #expect(small.memoryUsage.charged == 0)
    #expect(small.memoryUsage.kept <= 16 << 20)

    let roomy = RenderContext(threadCount: 2)
    #expect(bytes(try roomy.bitmap(of: image, format: .rgb8)) == bytes(out))
    // The memo's table stays charged while the context keeps it for the next render.
    #expect(roomy.memoryUsage.charged == ColorMemo.colors * 4)
  }

  /// Caches that cannot fit fail the render with a typed error before any row is written;
  /// the context is left as it was.
  @Test func cachesOverTheBudgetFailTheRender() throws {
    let wide = Image(bitmap: testBitmap(width: 4000, height: 300, seed: 5)).applying(Self.mix)
    let image = wide.scaled(by: 0.5).composited(over: wide)
    let tiny = RenderContext(threadCount: 2, memoryBudget: 1 << 20)
    #expect {
      try tiny.bitmap(of: image, format: .rgb8)
    } throws: { error in
      guard case RenderError.overBudget(let needed, let budget) = error else { return false }
      return needed > budget && budget == 1 << 20
    }
    #expect(tiny.memoryUsage.charged == 0)
    let roomy = RenderContext(threadCount: 2)
    _ = try roomy.bitmap(of: image, format: .rgb8)
    // The caches are given back; what stays charged is the memo of the chain (half floats).
    #expect(roomy.memoryUsage.charged == ColorMemo.colors * 8)
  }
}
