import LumenCore

/// Vibrance: a saturation change weighted towards colours that are not yet saturated, so skin
/// tones and already vivid colours change little (in the spirit of `CIVibrance`, whose exact
/// formula is unpublished).
///
/// On sRGB-encoded values: chroma `C = max(r, g, b) - min(r, g, b)` (clamped to 0...1),
/// per-pixel saturation `s = 1 + amount * (1 - C)`, then `out = L + s * (c - L)` with Rec. 709
/// luma `L`. Greys (C = 0) have nothing to saturate; fully saturated colours (C = 1) are kept.
public struct Vibrance: Filter {
  public static let descriptor = FilterDescriptor(
    name: "vibrance", displayName: "Vibrance", folder: .adjustments,
    summary: "Saturation scaled by 1 + amount * (1 - chroma), sRGB-encoded.",
    parameters: [
      .scalar(
        "amount", range: -1...1, default: 0, identity: 0,
        doc: "Saturation change for unsaturated colours; weaker as chroma grows.")
    ])

  public var amount: Double

  public init(amount: Double = 0) { self.amount = amount }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(amount: values.resolved(for: Self.descriptor).double("amount"))
  }

  public func apply(to image: Image) -> Image {
    amount == 0 ? image : image.applying(Kernel(amount: Float(amount)))
  }

  struct Kernel: ColorKernel, Hashable {
    let amount: Float
    var transfer: Transfer { .sRGB }

    func apply(_ c: RGBA) -> RGBA {
      let (r, g, b) = vibrant(c.red, c.green, c.blue)
      return RGBA(red: r, green: g, blue: b, alpha: c.alpha)
    }

    func apply(to s: PixelSpan) {
      for i in 0..<s.count {
        (s.red[i], s.green[i], s.blue[i]) = vibrant(s.red[i], s.green[i], s.blue[i])
      }
    }

    @inline(__always)
    func vibrant(_ r: Float, _ g: Float, _ b: Float) -> (Float, Float, Float) {
      let chroma = min(max(max(r, max(g, b)) - min(r, min(g, b)), 0), 1)
      let s = 1 + amount * (1 - chroma)
      let l = 0.2126 * r + 0.7152 * g + 0.0722 * b
      return (l + s * (r - l), l + s * (g - l), l + s * (b - l))
    }
  }
}
