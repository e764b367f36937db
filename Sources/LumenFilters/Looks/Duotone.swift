import LumenCore

/// Duotone: the Rec. 709 luma of the sRGB-encoded colour mapped between a dark and a light
/// colour, with an intensity that bends the mapping towards one of them.
///
/// With `L = 0.2126 r + 0.7152 g + 0.0722 b` clamped to 0...1 and `t = L ^ (2 ^ -intensity)`:
///
///     out = dark + t * (light - dark)
///
/// Intensity 0 maps luma linearly; positive values raise `t` (more of the light colour, up to
/// `t = sqrt(L)` at 1), negative values lower it (`t = L^2` at -1). Black and white always map
/// to the two colours. Alpha is kept. Pointwise, so looks bake it into colour cubes.
public struct Duotone: Filter {
  public static let descriptor = FilterDescriptor(
    name: "duotone", displayName: "Duotone", folder: .colorEffects,
    summary: "dark + L^(2^-intensity) * (light - dark), L the Rec. 709 luma (sRGB-encoded).",
    parameters: [
      .color("dark", default: [0.114, 0.169, 0.325, 1], doc: "The colour black maps to."),
      .color("light", default: [0.969, 0.784, 0.451, 1], doc: "The colour white maps to."),
      .scalar(
        "intensity", range: -1...1, default: 0,
        doc: "Bends the luma curve: positive towards the light colour, negative the dark."),
    ])

  /// sRGB-encoded colours (alpha is ignored).
  public var dark: RGBA
  public var light: RGBA
  public var intensity: Double

  public init(
    dark: RGBA = RGBA(red: 0.114, green: 0.169, blue: 0.325),
    light: RGBA = RGBA(red: 0.969, green: 0.784, blue: 0.451), intensity: Double = 0
  ) {
    self.dark = dark
    self.light = light
    self.intensity = intensity
  }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(dark: v.color("dark"), light: v.color("light"), intensity: v.double("intensity"))
  }

  public func apply(to image: Image) throws -> Image {
    try Self.descriptor.check("intensity", intensity)
    return image.applying(
      Kernel(
        dark: SIMD3(dark.red, dark.green, dark.blue),
        light: SIMD3(light.red, light.green, light.blue),
        exponent: FastMath.exp2(Float(-intensity))))
  }

  struct Kernel: ColorKernel, Hashable {
    let dark: SIMD3<Float>
    let light: SIMD3<Float>
    let exponent: Float
    var transfer: Transfer { .sRGB }

    func apply(_ c: RGBA) -> RGBA {
      let t = weight(c.red, c.green, c.blue)
      let v = dark + t * (light - dark)
      return RGBA(red: v.x, green: v.y, blue: v.z, alpha: c.alpha)
    }

    func apply(to s: PixelSpan) {
      let span = light - dark
      for i in 0..<s.count {
        let t = weight(s.red[i], s.green[i], s.blue[i])
        s.red[i] = dark.x + t * span.x
        s.green[i] = dark.y + t * span.y
        s.blue[i] = dark.z + t * span.z
      }
    }

    /// How far towards the light colour: the clamped luma raised to the bending exponent.
    @inline(__always)
    private func weight(_ r: Float, _ g: Float, _ b: Float) -> Float {
      let y = min(max(0.2126 * r + 0.7152 * g + 0.0722 * b, 0), 1)
      return FastMath.pow(y, exponent)
    }
  }
}
