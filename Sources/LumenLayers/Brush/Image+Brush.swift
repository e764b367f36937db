import LumenCore

extension Image {
  /// A `width` x `height` drawing of `strokes` in order, on transparency: each paints its
  /// colour over what is below (or erases it) by its coverage times its opacity. The points
  /// are fractions of the drawing's sides and the tips fractions of its shorter side, so a
  /// preview and an export draw the same strokes; `smoothing` (0...1) calms every path first.
  public static func brush(
    _ strokes: [BrushStroke], smoothing: Double = 0, width: Int, height: Int
  ) -> Image {
    let shorter = Double(Swift.min(width, height))
    let coverages = strokes.map { stroke in
      let points = stroke.points.smoothed(by: smoothing).map {
        SIMD2($0.x * Double(width), $0.y * Double(height))
      }
      return BrushCoverage(
        points: points, radius: Swift.max(stroke.size * shorter / 2, 0.5),
        hardness: stroke.hardness, width: width, height: height)
    }
    // Only the window the strokes reach is painted (premultiplied RGBA); the rest is clear.
    let reached = coverages.compactMap { $0 }
    guard let minX = reached.map(\.minX).min(), let minY = reached.map(\.minY).min(),
      let maxX = reached.map({ $0.minX + $0.width }).max(),
      let maxY = reached.map({ $0.minY + $0.height }).max()
    else {
      return Image(color: .clear).cropped(
        to: Rect(width: 1, height: 1))
    }
    let (windowWidth, windowHeight) = (maxX - minX, maxY - minY)
    var canvas = [SIMD4<Float>](repeating: .zero, count: windowWidth * windowHeight)
    for (stroke, coverage) in zip(strokes, coverages) {
      guard let coverage else { continue }
      let strength = Float(Swift.min(Swift.max(stroke.opacity.isNaN ? 0 : stroke.opacity, 0), 1))
      let colour = stroke.color.clamped
      let paint = SIMD4(colour.x * colour.w, colour.y * colour.w, colour.z * colour.w, colour.w)
      for row in 0..<coverage.height {
        for column in 0..<coverage.width {
          let amount = Swift.min(coverage.values[row * coverage.width + column], 1) * strength
          guard amount > 0 else { continue }
          let index = (coverage.minY - minY + row) * windowWidth + coverage.minX - minX + column
          canvas[index] =
            stroke.erases
            ? canvas[index] * (1 - amount) : paint * amount + canvas[index] * (1 - paint.w * amount)
        }
      }
    }
    let bitmap = Bitmap(width: windowWidth, height: windowHeight, format: .rgba8) { bytes in
      for (index, pixel) in canvas.enumerated() {
        let alpha = pixel.w
        let straight = alpha > 0 ? pixel / alpha : .zero
        for channel in 0..<3 {
          bytes[4 * index + channel] = UInt8(
            (Swift.min(Swift.max(straight[channel], 0), 1) * 255).rounded())
        }
        bytes[4 * index + 3] = UInt8((Swift.min(Swift.max(alpha, 0), 1) * 255).rounded())
      }
    }
    return Image(bitmap: bitmap).translatedBy(dx: minX, dy: minY)
  }
}
