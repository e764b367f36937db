import LumenCore

/// Highlights and shadows: a tone curve on Rec. 709 luma that lifts or lowers the dark and the
/// bright tones separately, leaving black and white in place.
///
/// On sRGB-encoded values, with `Y` the luma clamped to 0...1:
///
///     Y' = Y + 0.75 * Y * (1 - Y) * (shadows * (1 - Y) + highlights * Y)
///
/// The shadow term peaks at Y = 1/3 and the highlight term at Y = 2/3, each moving luma by up
/// to 1/9 there. The factor 0.75 is the largest that keeps the curve increasing for all
/// parameter values (its slope stays >= 1/4), so tones never swap order. The curve is applied
/// as a gain `Y' / Y` on all three channels, which keeps hue and the ratios between channels:
///
///     out = c * (1 + 0.75 * (1 - Y) * (shadows * (1 - Y) + highlights * Y))
///
/// Unlike `CIHighlightShadowAdjust` this is pointwise (no local, blurred luminance): fast and
/// fusable, at the cost of some local contrast in strong settings.
public struct HighlightsAndShadows: Filter {
  public static let descriptor = FilterDescriptor(
    name: "highlightsAndShadows", displayName: "Highlights & Shadows", folder: .adjustments,
    summary: "Luma tone curve Y + 0.75 Y(1-Y)(s(1-Y) + h Y), applied as a gain.",
    parameters: [
      .scalar(
        "highlights", range: -1...1, default: 0, identity: 0,
        doc: "Negative darkens bright tones (recovers highlights), positive brightens them."),
      .scalar(
        "shadows", range: -1...1, default: 0, identity: 0,
        doc: "Positive lifts dark tones, negative deepens them."),
    ])

  public var highlights: Double
  public var shadows: Double

  public init(highlights: Double = 0, shadows: Double = 0) {
    self.highlights = highlights
    self.shadows = shadows
  }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(highlights: v.double("highlights"), shadows: v.double("shadows"))
  }

  public func apply(to image: Image) -> Image {
    if highlights == 0 && shadows == 0 { return image }
    return image.applying(Kernel(highlights: Float(highlights), shadows: Float(shadows)))
  }

  struct Kernel: ColorKernel, Hashable {
    let highlights: Float
    let shadows: Float
    var transfer: Transfer { .sRGB }

    func apply(_ c: RGBA) -> RGBA {
      let g = gain(c.red, c.green, c.blue)
      return RGBA(red: c.red * g, green: c.green * g, blue: c.blue * g, alpha: c.alpha)
    }

    func apply(to s: PixelSpan) {
      for i in 0..<s.count {
        let g = gain(s.red[i], s.green[i], s.blue[i])
        s.red[i] *= g
        s.green[i] *= g
        s.blue[i] *= g
      }
    }

    @inline(__always)
    func gain(_ r: Float, _ g: Float, _ b: Float) -> Float {
      let y = min(max(0.2126 * r + 0.7152 * g + 0.0722 * b, 0), 1)
      let dark = 1 - y
      return 1 + 0.75 * dark * (shadows * dark + highlights * y)
    }
  }
}
