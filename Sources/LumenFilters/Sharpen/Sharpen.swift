import LumenCore

/// Sharpen by unsharp mask: `out = c + amount * (c - blur(c))`, where `blur` is a
/// ``GaussianBlur`` of sigma `radius`, and channels whose difference `|c - blur(c)|` is at most
/// `threshold` are left alone (so flat areas and fine noise are not sharpened).
///
/// Works on premultiplied sRGB-encoded values, like the blur and like ImageMagick's `-unsharp`
/// and libvips's `sharpen`; alpha is sharpened too (it stays 1 where the image is opaque).
/// Built as the blurred image blended over the original with a ``BlendKernel``.
public struct Sharpen: Filter {
  public static let descriptor = FilterDescriptor(
    name: "sharpen", displayName: "Sharpen", folder: .sharpen,
    summary:
      "Unsharp mask: c + amount * (c - gaussianBlur(c, radius)) where the difference > threshold.",
    parameters: [
      .scalar(
        "radius", range: 0...100, default: 2.5, identity: 0, unit: "px",
        doc: "Sigma of the Gaussian blur that finds the edges, in pixels."),
      .scalar(
        "amount", range: 0...5, default: 0.5, identity: 0,
        doc: "How much of the difference from the blur is added: 1 doubles edge contrast."),
      .scalar(
        "threshold", range: 0...1, default: 0,
        doc: "Differences up to this (encoded units) are not sharpened."),
    ])

  public var radius: Double
  public var amount: Double
  public var threshold: Double

  public init(radius: Double = 2.5, amount: Double = 0.5, threshold: Double = 0) {
    self.radius = radius
    self.amount = amount
    self.threshold = threshold
  }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(
      radius: v.double("radius"), amount: v.double("amount"), threshold: v.double("threshold"))
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    try Self.descriptor.check("radius", radius)
    try Self.descriptor.check("amount", amount)
    try Self.descriptor.check("threshold", threshold)
    if radius == 0 || amount == 0 { return image }
    return image.gaussianBlurred(sigma: radius)
      .composited(over: image, using: Mask(amount: Float(amount), threshold: Float(threshold)))
  }

  /// background + amount * (background - foreground) where the difference exceeds threshold;
  /// the foreground is the blurred image.
  struct Mask: BlendKernel {
    let amount: Float
    let threshold: Float
    var transfer: Transfer { .sRGB }

    func blend(_ f: PixelSpan, into b: PixelSpan) {
      let (k, t) = (amount, threshold)
      for (blurred, plane) in zip(f.planes, b.planes) {
        for i in 0..<b.count {
          let d = plane[i] - blurred[i]
          plane[i] += abs(d) > t ? k * d : 0
        }
      }
    }
  }
}
