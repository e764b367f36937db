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

  /// Renders of one graph that are compared.
  struct Renders {
    var reference: Bitmap
    var optimised: Bitmap
    var unremembered: Bitmap
  }

  @Test func optimisedEqualsUnoptimisedOnRandomGraphs() throws {
    let environment = ProcessInfo.processInfo.environment
    let seeds: [UInt64]
    if let one = environment["LUMEN_DIFF_SEED"].flatMap({ UInt64($0) }) {
      seeds = [one]
    } else {
      let count = environment["LUMEN_DIFF_COUNT"].flatMap { Int($0) } ?? Self.defaultCount
      seeds = (0..<UInt64(max(1, count))).map { $0 }
    }
    var failures = 0
    for seed in seeds {
      var graph = RandomGraph(seed: seed)
      let root = graph.build(depth: 5)
      if seeds.count == 1 { print("seed \(seed):\n\(graph.description)") }
      if let problem = try Self.check(root.image, seed: seed, exact: graph.isExact) {
        failures += 1
        if failures <= 5 {
          Issue.record(
            "seed \(seed) (replay: LUMEN_DIFF_SEED=\(seed)): \(problem)\ngraph, root \(root.name):\n\(graph.description)"
          )
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(seeds.count) graphs differ")
  }

  /// What differs between the renders of `image`, or nil.
  static func check(_ image: Image, seed: UInt64, exact: Bool) throws -> String? {
    var random = SplitMix64(seed: ~seed)
    let format: PixelFormat = random.chance(0.75) ? .rgba8 : .rgb8
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
    let tag = "\(format == .rgba8 ? "rgba8" : "rgb8") region \(region)"
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
    if let d = difference(optimised, reference, tolerance: 1) {
      return "optimised vs unoptimised, \(tag): \(d)"
    }
    return nil
  }

  /// The first pixel where `a` and `b` (8-bit, straight alpha) differ by more than `tolerance`
  /// levels, described; nil if none. Colour is compared as premultiplied by alpha, the form
  /// the renderer computes in: a level's difference in a nearly transparent pixel's colour is
  /// far more than a level when straightened.
  static func difference(_ a: Bitmap, _ b: Bitmap, tolerance: Int) -> String? {
    let channels = a.format.channels
    let (x, y) = (bytes(a), bytes(b))
    guard x.count == y.count else { return "sizes differ" }
    for p in 0..<(x.count / channels) {
      let o = p * channels
      let alphas = channels == 4 ? (Int(x[o + 3]), Int(y[o + 3])) : (255, 255)
      var worst = abs(alphas.0 - alphas.1)
      for c in 0..<3 {
        let straight = abs(Int(x[o + c]) - Int(y[o + c]))
        // The straight difference that a premultiplied difference of `tolerance` becomes.
        let allowed = tolerance == 0 ? 0 : tolerance * 255 / max(1, min(alphas.0, alphas.1))
        worst = max(worst, straight > allowed ? straight : 0)
      }
      if worst > tolerance {
        let (px, py) = (p % a.width, p / a.width)
        return
          "pixel (\(px), \(py)) of the region: \(Array(x[o..<(o + channels)])) vs \(Array(y[o..<(o + channels)]))"
      }
    }
    return nil
  }
}
