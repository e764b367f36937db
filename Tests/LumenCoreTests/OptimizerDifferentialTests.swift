import Foundation
import Testing

@testable import LumenCore

/// The optimiser must not change the picture: random recipes rendered optimised (with and
/// without remembered colours) and unoptimised, on one and two threads.
///
/// `LUMEN_DIFF_SEED=n` runs only seed n and prints its graph; `LUMEN_DIFF_COUNT=n` runs n
/// seeds.
@Suite struct OptimizerDifferentialTests {
  static let defaultCount = 1000

  /// The seeds are dealt to `chunks` test cases, which run in parallel.
  static let chunks = 8

  @Test(arguments: 0..<chunks)
  func optimisedEqualsUnoptimisedOnRandomGraphs(chunk: Int) throws {
    let environment = ProcessInfo.processInfo.environment
    let seeds: [UInt64]
    if let one = environment["LUMEN_DIFF_SEED"].flatMap({ UInt64($0) }) {
      seeds = chunk == 0 ? [one] : []
    } else {
      let count = environment["LUMEN_DIFF_COUNT"].flatMap { Int($0) } ?? Self.defaultCount
      seeds = stride(from: chunk, to: max(1, count), by: Self.chunks).map { UInt64($0) }
    }
    var failures = 0
    var exact = 0
    var steps = 0
    for seed in seeds {
      var graph = RandomGraph(seed: seed, wide: seed % 25 == 13)
      let root = graph.build(depth: 5)
      if seeds.count == 1 { print("seed \(seed):\n\(graph.description)") }
      if graph.isExact { exact += 1 }
      steps += graph.lines.count
      if let problem = try Self.check(
        root.image, seed: seed, exact: graph.isExact,
        rememberedTolerance: graph.magnifiesRounding ? 3 : 1)
      {
        failures += 1
        if failures <= 3 {
          Issue.record(
            "seed \(seed) (replay: LUMEN_DIFF_SEED=\(seed)): \(problem)\ngraph, root \(root.name):\n\(graph.description)"
          )
        }
      }
    }
    if environment["LUMEN_DIFF_VERBOSE"] != nil {
      print("chunk \(chunk): \(seeds.count) graphs, \(exact) exact, \(steps) steps")
    }
    #expect(failures == 0, "\(failures) of \(seeds.count) graphs differ")
  }

  /// What differs between the renders of `image`, or nil. `exact`: whether the optimised
  /// render without remembered colours must have the same bytes; `rememberedTolerance`: the
  /// levels by which remembered colours may differ.
  static func check(_ image: Image, seed: UInt64, exact: Bool, rememberedTolerance: Int) throws
    -> String?
  {
    var random = SplitMix64(seed: ~seed)
    // Remembered colours are for 8-bit output only; 8-bit linear output keeps its own bytes.
    var format = random.pick([
      PixelFormat.rgba8, .rgba8, .rgba8, .rgba8, .rgb8, .rgb8, .rgba16,
      PixelFormat(hasAlpha: true, sample: .uint8, transfer: .linear),
    ])
    // Without alpha, the straightened colour of a nearly transparent pixel magnifies the
    // rounding of its premultiplied colour without bound: compare such images with alpha.
    if !format.hasAlpha, !image.isOpaque { format = .rgba8 }
    let e = image.extent
    // Mostly the whole extent; sometimes a part of it, as a preview renders.
    var region = e
    if random.chance(0.25), e.width > 2, e.height > 2 {
      let x = random.int(e.minX...(e.maxX - 2))
      let y = random.int(e.minY...(e.maxY - 2))
      region = Rect(
        x: x, y: y, width: random.int(1...(e.maxX - x)), height: random.int(1...(e.maxY - y)))
    }
    func render(threads: Int, optimizes: Bool, remembers: Bool = true) throws -> Bitmap {
      var renderer = Renderer(threadCount: threads, optimizes: optimizes)
      renderer.remembersColors = remembers
      return try renderer.bitmap(of: image, rect: region, format: format)
    }
    let reference = try render(threads: 1, optimizes: false)
    let optimised = try render(threads: 1, optimizes: true)
    let unremembered = try render(threads: 1, optimizes: true, remembers: false)
    let tag = "\(format) region \(region)"
    // Same bytes at any thread count.
    if let d = firstDifference(reference, try render(threads: 2, optimizes: false)) {
      return "unoptimised, 1 vs 2 threads, \(tag): \(d)"
    }
    if let d = firstDifference(optimised, try render(threads: 2, optimizes: true)) {
      return "optimised, 1 vs 2 threads, \(tag): \(d)"
    }
    if let d = difference(unremembered, reference, tolerance: exact ? 0 : 1) {
      return "optimised without remembered colours vs unoptimised, \(tag): \(d)"
    }
    if let d = difference(optimised, reference, tolerance: rememberedTolerance) {
      return "optimised vs unoptimised, \(tag): \(d)"
    }
    return nil
  }

  /// The first pixel where `a` and `b` differ by more than `tolerance` 8-bit levels,
  /// described; nil if none (`tolerance` 0: if their bytes are equal). Colour is compared as
  /// premultiplied by alpha, the form the renderer computes in: a level's difference in a
  /// nearly transparent pixel's colour is far more than a level once straightened.
  static func difference(_ a: Bitmap, _ b: Bitmap, tolerance: Int) -> String? {
    if tolerance == 0 { return firstDifference(a, b) }
    guard a.width == b.width, a.height == b.height else { return "sizes differ" }
    let levels = Float(tolerance) / 255
    // Half a step of the stored samples on top: either side may round the other way.
    let step: Float = a.format.sample == .uint8 ? 0.5 / 255 : 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let (p, q) = (a.sample(x: x, y: y), b.sample(x: x, y: y))
        let alphas = a.format.hasAlpha ? (p[3], q[3]) : (1, 1)
        var worst = abs(alphas.0 - alphas.1)
        let allowed = levels / max(min(alphas.0, alphas.1), 1 / 255) + step
        for c in 0..<3 where abs(p[c] - q[c]) > allowed { worst = max(worst, abs(p[c] - q[c])) }
        if worst > levels + step {
          return "pixel (\(x), \(y)) of the region: \(p) vs \(q)"
        }
      }
    }
    return nil
  }
}
