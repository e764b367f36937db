import LumenCore

/// Split toning: one hue pushed into the shadows and another into the highlights, as darkroom
/// toners and colour graders do, without changing brightness.
///
/// On sRGB-encoded values, with `L` the Rec. 709 luma clamped to 0...1 and `chroma(x) = x -
/// luma(x)` (a colour's offset from its own grey, which has no luma):
///
///     out = c + amount * ((1 - L)^2 * chroma(shadows) + L^2 * chroma(highlights))
///
/// Grey toning colours do nothing; the weights fade each tint out towards the other end.
/// Pointwise, so looks bake it into colour cubes.
public struct SplitTone: Filter {
  public static let descriptor = FilterDescriptor(
    name: "splitTone", displayName: "Split Tone", folder: .colorEffects,
    summary: "c + amount ((1-L)^2 chroma(shadows) + L^2 chroma(highlights)), sRGB-encoded.",
    parameters: [
      .color("shadows", default: [0.2, 0.45, 0.55, 1], doc: "The hue added to dark tones."),
      .color("highlights", default: [0.95, 0.7, 0.45, 1], doc: "The hue added to light tones."),
      .scalar(
        "amount", range: 0...2, default: 1, identity: 0,
        doc: "0 leaves the image; 1 adds each colour's full offset from its grey."),
    ])

  /// sRGB-encoded toning colours (alpha is ignored).
  public var shadows: RGBA
  public var highlights: RGBA
  public var amount: Double

  public init(
    shadows: RGBA = RGBA(red: 0.2, green: 0.45, blue: 0.55),
    highlights: RGBA = RGBA(red: 0.95, green: 0.7, blue: 0.45), amount: Double = 1
  ) {
    self.shadows = shadows
    self.highlights = highlights
    self.amount = amount
  }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(
      shadows: v.color("shadows"), highlights: v.color("highlights"), amount: v.double("amount"))
  }

  public func apply(to image: Image) -> Image {
    guard amount != 0 else { return image }
    let k = Float(amount)
    return image.applying(
      Kernel(shadows: k * Self.chroma(shadows), highlights: k * Self.chroma(highlights)))
  }

  /// The colour minus its Rec. 709 luma: a pure hue offset.
  static func chroma(_ c: RGBA) -> SIMD3<Float> {
    SIMD3(c.red, c.green, c.blue) - c.luma
  }

  struct Kernel: ColorKernel, Hashable {
    /// Scaled offsets added at full weight.
    let shadows: SIMD3<Float>
    let highlights: SIMD3<Float>
    var transfer: Transfer { .sRGB }

    func apply(_ c: RGBA) -> RGBA {
      let (ws, wh) = weights(c.red, c.green, c.blue)
      let v = SIMD3(c.red, c.green, c.blue) + ws * shadows + wh * highlights
      return RGBA(red: v.x, green: v.y, blue: v.z, alpha: c.alpha)
    }

    func apply(to s: PixelSpan) {
      for i in 0..<s.count {
        let (ws, wh) = weights(s.red[i], s.green[i], s.blue[i])
        s.red[i] += ws * shadows.x + wh * highlights.x
        s.green[i] += ws * shadows.y + wh * highlights.y
        s.blue[i] += ws * shadows.z + wh * highlights.z
      }
    }

    @inline(__always)
    private func weights(_ r: Float, _ g: Float, _ b: Float) -> (Float, Float) {
      let y = min(max(0.2126 * r + 0.7152 * g + 0.0722 * b, 0), 1)
      return ((1 - y) * (1 - y), y * y)
    }
  }
}
