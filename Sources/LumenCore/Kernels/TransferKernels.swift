/// Converts straight colour from linear light to sRGB encoding. Inserted by the renderer
/// between kernels that work in different encodings; adjacent opposite pairs cancel.
struct EncodeSRGB: ToneCurve, Hashable {
  func map(_ v: Float) -> Float { SRGB.encode(v) }
}

/// Converts straight colour from sRGB encoding to linear light.
struct DecodeSRGB: ToneCurve, Hashable {
  func map(_ v: Float) -> Float { SRGB.decode(v) }
}
