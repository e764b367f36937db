import Testing

@testable import LumenText

/// The scaling of colour glyphs (emoji strikes) against the definition of area averaging.
struct AreaScalerTests {
  /// Every output pixel is within a level of the mean of the input under it, each input pixel
  /// weighted by the area of its overlap, computed here pixel by pixel in two dimensions:
  /// shrinking a strike to a small glyph and enlarging it, by factors that leave fractions of
  /// pixels at the edges.
  @Test(arguments: [24.0 / 136, 0.5, 1, 300.0 / 136])
  func eachPixelIsTheMeanOfTheAreaItCovers(factor: Double) {
    var generator = SystemRandomNumberGenerator()
    let (width, height) = (136, 128)
    let pixels = (0..<width * height * 4).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let scaled = AreaScaler.scale(pixels, width: width, height: height, by: factor)
    #expect(scaled.width == Int((Double(width) * factor).rounded()))
    #expect(scaled.height == Int((Double(height) * factor).rounded()))
    /// The overlap of output pixel `index` (of `count` over `inCount` inputs) with input `source`.
    func overlap(_ index: Int, _ count: Int, _ inCount: Int, _ source: Int) -> Double {
      let step = Double(inCount) / Double(count)
      let (start, end) = (Double(index) * step, Double(index + 1) * step)
      return max(0, min(end, Double(source + 1)) - max(start, Double(source))) / step
    }
    var worst = 0.0
    for y in 0..<scaled.height {
      let sources = (0..<height).filter { overlap(y, scaled.height, height, $0) > 0 }
      for x in stride(from: 0, to: scaled.width, by: 3) {
        let columns = (0..<width).filter { overlap(x, scaled.width, width, $0) > 0 }
        for channel in 0..<4 {
          var mean = 0.0
          for sy in sources {
            for sx in columns {
              mean +=
                overlap(y, scaled.height, height, sy) * overlap(x, scaled.width, width, sx)
                * Double(pixels[(sy * width + sx) * 4 + channel])
            }
          }
          let got = Double(scaled.pixels[(y * scaled.width + x) * 4 + channel])
          worst = max(worst, abs(got - mean))
        }
      }
    }
    #expect(worst <= 0.5 + 1e-9, "worst difference \(worst) levels at factor \(factor)")
  }

  /// A flat colour stays exactly that colour at any scale.
  @Test func aFlatColourStaysFlat() {
    let pixels = [UInt8](repeating: 0, count: 7 * 5 * 4).enumerated().map {
      [200, 100, 50, 255][$0.offset % 4]
    }.map(UInt8.init)
    for factor in [0.3, 1.7, 3] {
      let scaled = AreaScaler.scale(pixels, width: 7, height: 5, by: factor)
      for (index, value) in scaled.pixels.enumerated() {
        #expect(Int(value) == [200, 100, 50, 255][index % 4], "factor \(factor) at \(index)")
      }
    }
  }
}
