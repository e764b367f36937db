/// Scales premultiplied RGBA pixels by area averaging: each output pixel is the mean of the
/// input it covers, fractions of pixels weighted by their share, which keeps a colour glyph's
/// edges smooth when a 109-pixel emoji strike becomes a 24-pixel glyph. Enlarging uses the
/// same weights (each output pixel then covers part of one or two input pixels).
enum AreaScaler {
  static func scale(_ pixels: [UInt8], width: Int, height: Int, by factor: Double)
    -> (pixels: [UInt8], width: Int, height: Int)
  {
    let outWidth = max(1, Int((Double(width) * factor).rounded()))
    let outHeight = max(1, Int((Double(height) * factor).rounded()))
    let columns = weights(from: width, to: outWidth)
    let rows = weights(from: height, to: outHeight)
    // Horizontal pass into floats, then vertical into bytes.
    var horizontal = [Double](repeating: 0, count: outWidth * height * 4)
    for y in 0..<height {
      for (x, taps) in columns.enumerated() {
        for (source, weight) in taps {
          for channel in 0..<4 {
            horizontal[(y * outWidth + x) * 4 + channel] +=
              weight * Double(pixels[(y * width + source) * 4 + channel])
          }
        }
      }
    }
    var output = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    for (y, taps) in rows.enumerated() {
      for x in 0..<outWidth {
        for channel in 0..<4 {
          var sum = 0.0
          for (source, weight) in taps {
            sum += weight * horizontal[(source * outWidth + x) * 4 + channel]
          }
          output[(y * outWidth + x) * 4 + channel] = UInt8(min(255, max(0, sum.rounded())))
        }
      }
    }
    return (output, outWidth, outHeight)
  }

  /// For each of `outCount` output pixels, the input pixels under it and their shares
  /// (summing to 1).
  static func weights(from inCount: Int, to outCount: Int) -> [[(Int, Double)]] {
    let step = Double(inCount) / Double(outCount)
    return (0..<outCount).map { index in
      let start = Double(index) * step
      let end = start + step
      var taps: [(Int, Double)] = []
      var source = Int(start.rounded(.down))
      while Double(source) < end, source < inCount {
        let overlap = min(end, Double(source + 1)) - max(start, Double(source))
        if overlap > 0 { taps.append((source, overlap / step)) }
        source += 1
      }
      return taps
    }
  }
}
