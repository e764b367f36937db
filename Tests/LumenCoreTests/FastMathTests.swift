import Foundation
import LumenCore
import Testing

@Suite struct FastMathTests {
  @Test func powMatchesTheCLibrary() {
    var worst: Float = 0
    for i in 1...20_000 {
      let x = Float(i) / 10_000  // 0.0001 ... 2
      for y: Float in [0.4166667, 0.9, 1.1111, 2.2, 2.4, 0.5, 3] {
        let exact = Foundation.pow(x, y)
        worst = max(worst, abs(FastMath.pow(x, y) - exact) / exact)
      }
    }
    #expect(worst < 2e-6)
  }

  @Test func srgbCurveMatchesTheStandard() {
    for i in 0...1000 {
      let v = Double(i) / 1000
      let linear = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
      #expect(abs(Double(SRGB.decode(Float(v))) - linear) < 1e-6)
      #expect(abs(Double(SRGB.encode(Float(linear))) - v) < 1e-6)
    }
  }
}
