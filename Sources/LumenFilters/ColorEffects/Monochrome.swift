import LumenCore

/// Monochrome, after `CIColorMonochrome`: the Rec. 709 luma `L` of the sRGB-encoded colour
/// times a tint colour, mixed with the input by intensity:
/// `out = (1 - intensity) * c + intensity * color * L`. With a white colour it is a black and
/// white conversion. A colour matrix.
public struct Monochrome: Filter {
  public static let descriptor = FilterDescriptor(
    name: "monochrome", displayName: "Monochrome", folder: .colorEffects,
    summary: "Luma times a colour, mixed with the input by intensity (sRGB-encoded).",
    parameters: [
      .color(
        "color", default: [0.6, 0.45, 0.3, 1],
        doc: "The colour white maps to (sRGB-encoded; alpha is ignored)."),
      .scalar(
        "intensity", range: 0...1, default: 1, identity: 0,
        doc: "0 leaves the image, 1 is fully monochrome."),
    ])

  /// sRGB-encoded tint.
  public var color: RGBA
  public var intensity: Double

  public init(color: RGBA = RGBA(red: 0.6, green: 0.45, blue: 0.3), intensity: Double = 1) {
    self.color = color
    self.intensity = intensity
  }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(color: v.color("color"), intensity: v.double("intensity"))
  }

  public func apply(to image: Image) -> Image {
    image.applying(
      matrix: .lumaMix(
        tint: [color.red, color.green, color.blue], amount: Float(intensity), transfer: .sRGB))
  }
}
