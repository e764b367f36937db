import LumenCore

/// Sepia, the approximation of `CISepiaTone` in common use: the Rec. 709 luma `L` of the
/// sRGB-encoded colour tinted to `(1.2 L, 1.0 L, 0.8 L)`, mixed with the input by intensity:
/// `out = (1 - intensity) * c + intensity * (1.2, 1.0, 0.8) * L`. A colour matrix.
public struct Sepia: Filter {
  public static let descriptor = FilterDescriptor(
    name: "sepia", displayName: "Sepia", folder: .colorEffects,
    summary: "Luma tinted (1.2, 1.0, 0.8), mixed with the input by intensity (sRGB-encoded).",
    parameters: [
      .scalar(
        "intensity", range: 0...1, default: 1, identity: 0,
        doc: "0 leaves the image, 1 is full sepia.")
    ])

  public static let tint: SIMD3<Float> = [1.2, 1.0, 0.8]

  public var intensity: Double

  public init(intensity: Double = 1) { self.intensity = intensity }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(intensity: values.resolved(for: Self.descriptor).double("intensity"))
  }

  public func apply(to image: Image) -> Image {
    image.applying(matrix: .lumaMix(tint: Self.tint, amount: Float(intensity), transfer: .sRGB))
  }
}
