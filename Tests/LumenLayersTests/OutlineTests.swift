import Foundation
import Testing

@testable import LumenLayers

/// The ellipse's signed distance against a brute-force search over points on it.
@Suite struct OutlineTests {
  /// The distance from (x, y) to the nearest of `count` points spread over the ellipse.
  func bruteForce(_ x: Double, _ y: Double, _ a: Double, _ b: Double, count: Int = 200_000)
    -> Double
  {
    var best = Double.infinity
    for i in 0..<count {
      let t = 2 * Double.pi * Double(i) / Double(count)
      let (dx, dy) = (x - a * cos(t), y - b * sin(t))
      best = min(best, dx * dx + dy * dy)
    }
    return best.squareRoot()
  }

  @Test(arguments: [(300.0, 20.0), (50, 49), (20, 300), (100, 60), (400, 3)])
  func ellipseDistanceIsExact(a: Double, b: Double) {
    var generator = SplitMix(seed: 7)
    // Random points, and the awkward ones: the centre, the axes, the evolute's cusps.
    let cusp = (a * a - b * b) / a
    let special: [(Double, Double)] = [
      (0, 0), (a * 0.99, 0), (0, b * 0.5), (cusp, 0), (cusp * 0.9, 0.1), (0, -b * 1.2),
      (a * 0.3, b * 0.01), (-a * 1.1, b * 0.3),
    ]
    let random = (0..<60).map { _ in
      ((generator.unit() * 2 - 1) * a * 1.4, (generator.unit() * 2 - 1) * b * 1.4)
    }
    for (x, y) in special + random {
      let d = Outline.ellipse(x, y, a, b)
      let inside = (x / a) * (x / a) + (y / b) * (y / b) < 1
      let expected = bruteForce(x, y, a, b) * (inside ? -1 : 1)
      // The brute force's own spacing limits it to about max(a, b) * 1e-5.
      #expect(abs(d - expected) < 0.01, "(\(x), \(y)) on \(a) x \(b): \(d) vs \(expected)")
    }
  }

  @Test func skippingFarPixelsChangesNothing() {
    let outline = Outline(kind: .ellipse, halfWidth: 180, halfHeight: 25, cornerRadius: 0)
    var generator = SplitMix(seed: 3)
    for _ in 0..<5000 {
      let x = (generator.unit() * 2 - 1) * 220
      let y = (generator.unit() * 2 - 1) * 60
      for h in [0.0, 0.4, 6] {
        let (fill, stroke) = outline.coverage(x, y, halfStroke: h)
        let d = Outline.ellipse(x, y, 180, 25)
        #expect(fill == Outline.inside(d))
        #expect(stroke == (h == 0 ? 0 : max(min(d + 0.5, h) - max(d - 0.5, -h), 0)))
      }
    }
  }
}

/// A small deterministic generator for test points.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func unit() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53)
  }
}
