import Foundation
import LumenCore

/// Tint: the white-balance axis across temperature, between green and magenta.
///
/// Linear-light gain `G * e^(-0.3 amount)` (R, B unchanged), all three then divided by the
/// Rec. 709 luminance of the gains so white keeps luminance 1. Positive amounts add magenta
/// (less green), negative add green; -1 undoes +1. A colour matrix, so it fuses.
public struct Tint: Filter {
  public static let descriptor = FilterDescriptor(
    name: "tint", displayName: "Tint", folder: .adjustments,
    summary: "Linear-light gain G e^(-0.3a), luminance of white kept.",
    parameters: [
      .scalar(
        "amount", range: -1...1, default: 0, identity: 0,
        doc: "Positive towards magenta (less green), negative towards green.")
    ])

  public var amount: Double

  public init(amount: Double = 0) { self.amount = amount }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(amount: values.resolved(for: Self.descriptor).double("amount"))
  }

  public var matrix: ColorMatrix { .whiteBalance(1, exp(Float(-0.3 * amount)), 1) }

  public func apply(to image: Image) -> Image {
    amount == 0 ? image : image.applying(matrix: matrix)
  }
}
