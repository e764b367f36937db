import LumenCore

/// Brightness, as `CIColorControls` brightness: `c + amount` on each sRGB-encoded channel.
///
/// Encoded values because that is how Core Image and the PhotoEditor SDK define it (an even
/// lift of the encoded values, which looks uniform). A colour matrix (a bias), so it fuses.
public struct Brightness: Filter {
  public static let descriptor = FilterDescriptor(
    name: "brightness", displayName: "Brightness", folder: .adjustments,
    summary: "c + amount on sRGB-encoded RGB (CIColorControls brightness).",
    parameters: [
      .scalar(
        "amount", range: -1...1, default: 0, identity: 0,
        doc: "Added to each encoded channel: -1 makes black, +1 white.")
    ])

  public var amount: Double

  public init(amount: Double = 0) { self.amount = amount }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(amount: values.resolved(for: Self.descriptor).double("amount"))
  }

  public func apply(to image: Image) -> Image {
    let b = Float(amount)
    return image.applying(matrix: ColorMatrix(bias: [b, b, b, 0], transfer: .sRGB))
  }
}
