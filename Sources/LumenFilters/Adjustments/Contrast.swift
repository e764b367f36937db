import LumenCore

/// Contrast, as `CIColorControls` contrast: `(c - 0.5) * amount + 0.5` on each sRGB-encoded
/// channel.
///
/// Scaling around encoded mid-grey (0.5) keeps mid-tones where they are and spreads or
/// squeezes the rest. A colour matrix (gain and bias), so it fuses.
public struct Contrast: Filter {
  public static let descriptor = FilterDescriptor(
    name: "contrastSlope", displayName: "Contrast Slope", folder: .adjustments,
    summary: "(c - 0.5) * amount + 0.5 on sRGB-encoded RGB (CIColorControls contrast).",
    parameters: [
      .scalar(
        "amount", range: 0...4, default: 1, identity: 1,
        doc: "Slope around encoded mid-grey: 0 makes flat grey, 1 leaves the image, 2 doubles.")
    ])

  public var amount: Double

  public init(amount: Double = 1) { self.amount = amount }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(amount: values.resolved(for: Self.descriptor).double("amount"))
  }

  public func apply(to image: Image) -> Image {
    let k = Float(amount)
    let offset = 0.5 * (1 - k)
    return image.applying(
      matrix: ColorMatrix(
        red: [k, 0, 0, 0], green: [0, k, 0, 0], blue: [0, 0, k, 0],
        bias: [offset, offset, offset, 0],
        transfer: .sRGB))
  }
}
