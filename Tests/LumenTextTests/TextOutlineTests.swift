import LumenCore
import Testing

@testable import LumenText

/// Text outlines: the distance transform against the formula it computes, and a round
/// outline of the width asked around a dot.
struct TextOutlineTests {
  /// The lower envelope equals `min over q of (p - q)^2 + f(q)` computed directly.
  @Test func theDistanceTransformIsTheMinimumOverEveryPixel() {
    var generator = SystemRandomNumberGenerator()
    for count in [1, 2, 7, 64] {
      let f: [Double] = (0..<count).map { _ in Bool.random(using: &generator) ? 0 : 1e6 }
      let fast = TextOutline.lowerEnvelope(f, count: count)
      for p in 0..<count {
        var direct = Double.infinity
        for q in 0..<count {
          let offset = Double(p - q)
          direct = min(direct, offset * offset + f[q])
        }
        #expect(fast[p] == direct, "\(f) at \(p)")
      }
    }
  }

  /// A one-pixel dot outlined 5 pixels wide in red: pixels within 5 of it are red and opaque,
  /// beyond 6 clear; the dot itself keeps its colour; the drawing grows by 6 on every side.
  @Test func aDotGetsARoundOutlineOfTheWidthAsked() {
    let dot = Bitmap(width: 1, height: 1, format: .rgba8) { $0.copyBytes(from: [0, 0, 255, 255]) }
    let outlined = TextOutline.outlined(dot, width: 5, color: SIMD3(255, 0, 0), opacity: 1)
    #expect(outlined.width == 13 && outlined.height == 13)
    for y in 0..<13 {
      for x in 0..<13 {
        let p = outlined.sample(x: x, y: y)
        let d = (Double((x - 6) * (x - 6) + (y - 6) * (y - 6))).squareRoot()
        if d == 0 {
          #expect(p[2] == 1 && p[3] == 1)
        } else if d <= 4.5 {
          #expect(p[0] == 1 && p[3] == 1, "(\(x), \(y))")
        } else if d >= 5.5 {
          #expect(p[3] == 0, "(\(x), \(y))")
        }
      }
    }
  }
}
