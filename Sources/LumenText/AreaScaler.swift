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
    let columns = Taps(from: width, to: outWidth)
    let rows = Taps(from: height, to: outHeight)
    // Horizontal pass into floats, then vertical into bytes; a pixel's four channels at once.
    let horizontal = [SIMD4<Double>](unsafeUninitializedCapacity: outWidth * height) {
      horizontal, count in
      pixels.withUnsafeBufferPointer { pixels in
        for y in 0..<height {
          for x in 0..<outWidth {
            var sum = SIMD4<Double>.zero
            columns.forEach(x) { source, weight in
              let p = (y &* width &+ source) &* 4
              sum +=
                weight
                * SIMD4(
                  Double(pixels[p]), Double(pixels[p &+ 1]), Double(pixels[p &+ 2]),
                  Double(pixels[p &+ 3]))
            }
            horizontal[y &* outWidth &+ x] = sum
          }
        }
      }
      count = outWidth * height
    }
    let output = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 4) { output, count in
      horizontal.withUnsafeBufferPointer { horizontal in
        for y in 0..<outHeight {
          for x in 0..<outWidth {
            var sum = SIMD4<Double>.zero
            rows.forEach(y) { source, weight in sum += weight * horizontal[source &* outWidth &+ x]
            }
            let o = (y &* outWidth &+ x) &* 4
            (output[o], output[o &+ 1], output[o &+ 2], output[o &+ 3]) = (
              byte(sum.x), byte(sum.y), byte(sum.z), byte(sum.w)
            )
          }
        }
      }
      count = outWidth * outHeight * 4
    }
    return (output, outWidth, outHeight)
  }

  /// `value` rounded (halves away from zero) to a byte. Lane by lane: SIMD rounding and
  /// clamping are calls, not instructions, and took most of an emoji's scaling.
  @inline(__always)
  private static func byte(_ value: Double) -> UInt8 {
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    let clamped = rounded > 0 ? (rounded < 255 ? rounded : 255) : 0
    // FastMath.byte's way for doubles, once rounded halves away from zero (its own rounding
    // is to even): a whole number from 0 to 255 added to 1.5 * 2^52 is exact, and is its last
    // bits, so there is no checked conversion (NaN gives 0).
    return UInt8(truncatingIfNeeded: (clamped + 0x1.8p52).bitPattern)
  }

  /// For each of `outCount` output pixels, the input pixels under it and their shares
  /// (summing to 1), in one flat list: an output pixel's taps are consecutive, from the first
  /// input pixel it covers.
  struct Taps {
    /// Where each output pixel's taps begin in ``weights``, and (last) where they end.
    private var starts: [Int] = [0]
    /// Each output pixel's first input pixel.
    private var firsts: [Int] = []
    private var weights: [Double] = []

    init(from inCount: Int, to outCount: Int) {
      let step = Double(inCount) / Double(outCount)
      for index in 0..<outCount {
        let start = Double(index) * step
        let end = start + step
        var source = Int(start.rounded(.down))
        firsts.append(source)
        while Double(source) < end, source < inCount {
          let overlap = min(end, Double(source + 1)) - max(start, Double(source))
          // A share too small to count still holds its place: taps are consecutive.
          weights.append(overlap > 0 ? overlap / step : 0)
          source += 1
        }
        starts.append(weights.count)
      }
    }

    /// Calls `body` with output pixel `index`'s input pixels and their shares, in order.
    @inline(__always)
    func forEach(_ index: Int, _ body: (Int, Double) -> Void) {
      let first = firsts[index]
      for tap in starts[index]..<starts[index &+ 1] {
        body(first &+ tap &- starts[index], weights[tap])
      }
    }
  }
}
