import LumenCore

/// Saturation, as `CIColorControls` saturation: `out = L + amount * (c - L)` on sRGB-encoded
/// values, where `L = 0.2126 r + 0.7152 g + 0.0722 b` (Rec. 709 luma).
///
/// 0 gives the luma grey, 1 the input, values above 1 extrapolate away from grey. A colour
/// matrix, so it fuses with other matrices.
public struct Saturation: Filter {
  public static let descriptor = FilterDescriptor(
    name: "saturationScale", displayName: "Saturation Scale", folder: .adjustments,
    summary: "L + amount * (c - L) with Rec. 709 luma L, sRGB-encoded (CIColorControls).",
    parameters: [
      .scalar(
        "amount", range: 0...2, default: 1, identity: 1,
        doc: "0 grey, 1 unchanged, 2 twice as far from grey.")
    ])

  public var amount: Double

  public init(amount: Double = 1) { self.amount = amount }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(amount: values.resolved(for: Self.descriptor).double("amount"))
  }

  public func apply(to image: Image) -> Image {
    image.applying(matrix: .lumaMix(tint: [1, 1, 1], amount: 1 - Float(amount), transfer: .sRGB))
  }
}
