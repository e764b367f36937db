import LumenCore

/// A colour as sRGB-encoded components 0...1 with straight (not premultiplied) alpha.
public struct LayerColor: Hashable, Sendable {
  public var red, green, blue, alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The components limited to 0...1 (not-a-number reads as 0), as kernels use them.
  var clamped: SIMD4<Float> {
    func unit(_ v: Double) -> Float { v.isNaN ? 0 : Float(min(max(v, 0), 1)) }
    return SIMD4(unit(red), unit(green), unit(blue), unit(alpha))
  }

  /// Premultiplied sRGB-encoded components, as kernels working on encoded colour write them.
  var premultiplied: SIMD4<Float> {
    let c = clamped
    return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
  }
}
