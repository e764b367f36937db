/// Converts straight colour from linear light to sRGB encoding. Inserted by the renderer
/// between kernels that work in different encodings; adjacent opposite pairs cancel.
struct EncodeSRGB: ColorKernel {
  func apply(_ c: RGBA) -> RGBA {
    RGBA(red: SRGB.encode(c.red), green: SRGB.encode(c.green), blue: SRGB.encode(c.blue), alpha: c.alpha)
  }

  func apply(to s: PixelSpan) {
    for plane in [s.red, s.green, s.blue] {
      for i in 0..<s.count { plane[i] = SRGB.encode(plane[i]) }
    }
  }
}

/// Converts straight colour from sRGB encoding to linear light.
struct DecodeSRGB: ColorKernel {
  func apply(_ c: RGBA) -> RGBA {
    RGBA(red: SRGB.decode(c.red), green: SRGB.decode(c.green), blue: SRGB.decode(c.blue), alpha: c.alpha)
  }

  func apply(to s: PixelSpan) {
    for plane in [s.red, s.green, s.blue] {
      for i in 0..<s.count { plane[i] = SRGB.decode(plane[i]) }
    }
  }
}
