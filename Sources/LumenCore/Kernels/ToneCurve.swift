/// A colour kernel that sends red, green and blue through the same function and keeps alpha
/// (gamma, contrast, brightness, exposure, inversion, encoding conversions).
///
/// The renderer folds leading tone curves into the conversion table of 8 and 16-bit sources,
/// so they cost nothing per pixel.
public protocol ToneCurve: ColorKernel {
  func map(_ value: Float) -> Float
}

extension ToneCurve {
  @inlinable
  public func apply(_ c: RGBA) -> RGBA {
    RGBA(red: map(c.red), green: map(c.green), blue: map(c.blue), alpha: c.alpha)
  }

  @inlinable
  public func apply(to s: PixelSpan) {
    for i in 0..<s.count { s.red[i] = map(s.red[i]) }
    for i in 0..<s.count { s.green[i] = map(s.green[i]) }
    for i in 0..<s.count { s.blue[i] = map(s.blue[i]) }
  }
}
