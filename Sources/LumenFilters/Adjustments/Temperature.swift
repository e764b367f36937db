import Foundation
import LumenCore

/// Colour temperature: a white-balance shift towards warm (orange) or cool (blue) light.
///
/// Linear-light channel gains, like a camera's white balance: `R * e^(0.3 amount)`,
/// `B * e^(-0.3 amount)`, G unchanged, all three then divided by the Rec. 709 luminance of the
/// gains so white keeps luminance 1. `amount` 1 gives gains (1.28, 0.95, 0.70); -1 undoes +1.
/// A colour matrix, so it fuses with ``Tint`` and the other matrices.
public struct Temperature: Filter {
  public static let descriptor = FilterDescriptor(
    name: "temperature", displayName: "Temperature", folder: .adjustments,
    summary: "Linear-light gains R e^(0.3a), B e^(-0.3a), luminance of white kept.",
    parameters: [
      .scalar(
        "amount", range: -1...1, default: 0, identity: 0,
        doc: "Positive warms (more red, less blue), negative cools.")
    ])

  public var amount: Double

  public init(amount: Double = 0) { self.amount = amount }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(amount: values.resolved(for: Self.descriptor).double("amount"))
  }

  /// The gains as a matrix (exposed for tests and for documents that combine them).
  public var matrix: ColorMatrix {
    let k = Float(0.3 * amount)
    return .whiteBalance(exp(k), 1, exp(-k))
  }

  public func apply(to image: Image) -> Image {
    amount == 0 ? image : image.applying(matrix: matrix)
  }
}
