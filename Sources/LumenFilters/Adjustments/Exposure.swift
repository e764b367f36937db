import Foundation
import LumenCore

/// Exposure, as `CIExposureAdjust`: `rgb * 2^ev` in linear light, alpha unchanged.
///
/// Linear light because exposure models more or less light reaching the sensor: one stop
/// doubles the light. A colour matrix, so it fuses with neighbouring matrices.
public struct Exposure: Filter {
  public static let descriptor = FilterDescriptor(
    name: "exposure", displayName: "Exposure", folder: .adjustments,
    summary: "rgb * 2^ev in linear light (CIExposureAdjust).",
    parameters: [
      .scalar(
        "ev", "Exposure", range: -10...10, default: 0, identity: 0, unit: "EV",
        doc: "Stops: +1 doubles the linear-light RGB, -1 halves it.")
    ])

  /// Stops of exposure change.
  public var ev: Double

  public init(ev: Double = 0) { self.ev = ev }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(ev: values.resolved(for: Self.descriptor).double("ev"))
  }

  public func apply(to image: Image) -> Image {
    let gain = Float(exp2(ev))
    return image.applying(matrix: .gains(gain, gain, gain, transfer: .linear))
  }
}
