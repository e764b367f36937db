import LumenCore

/// Rec. 709 luma weights (the same as `RGBA.luma`), the grey that saturation, sepia and
/// monochrome mix towards.
let rec709: SIMD4<Float> = [0.2126, 0.7152, 0.0722, 0]

extension ColorMatrix {
  /// Each channel scaled (`out = gain * c`), alpha unchanged.
  static func gains(_ r: Float, _ g: Float, _ b: Float, transfer: Transfer) -> ColorMatrix {
    ColorMatrix(red: [r, 0, 0, 0], green: [0, g, 0, 0], blue: [0, 0, b, 0], transfer: transfer)
  }

  /// `out = (1 - amount) * c + amount * tint * luma(c)`: a mix between the colour and its
  /// Rec. 709 luma tinted by `tint`. Saturation s is `tint = 1, amount = 1 - s`; sepia and
  /// monochrome tint the grey. Amounts outside 0...1 extrapolate.
  static func lumaMix(tint: SIMD3<Float>, amount k: Float, transfer: Transfer) -> ColorMatrix {
    func row(_ channel: Int, _ t: Float) -> SIMD4<Float> {
      var r = k * t * rec709
      r[channel] += 1 - k
      return r
    }
    return ColorMatrix(
      red: row(0, tint.x), green: row(1, tint.y), blue: row(2, tint.z), transfer: transfer)
  }
}

extension Image {
  /// The image through `matrix`, or unchanged when the matrix is the identity. Opacity is kept
  /// when the matrix leaves alpha alone.
  func applying(matrix: ColorMatrix) -> Image {
    matrix.isIdentity ? self : applying(matrix, preservesOpacity: matrix.preservesAlpha)
  }
}

extension ColorMatrix {
  /// Linear-light channel gains rescaled so that the Rec. 709 luminance of white stays 1: the
  /// white balance shifts of temperature and tint change hue, not brightness.
  static func whiteBalance(_ r: Float, _ g: Float, _ b: Float) -> ColorMatrix {
    let n = 1 / (rec709.x * r + rec709.y * g + rec709.z * b)
    return gains(n * r, n * g, n * b, transfer: .linear)
  }
}
