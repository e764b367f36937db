import LumenCore

/// Invert, as `CIColorInvert`: `1 - c` on each sRGB-encoded channel, alpha unchanged (a
/// photographic negative of the stored values). A colour matrix.
public struct Invert: ParameterlessFilter {
  public static let descriptor = FilterDescriptor(
    name: "invert", displayName: "Invert", folder: .colorEffects,
    summary: "1 - c on sRGB-encoded RGB.")

  public init() {}

  public func apply(to image: Image) -> Image {
    image.applying(
      matrix: ColorMatrix(
        red: [-1, 0, 0, 0], green: [0, -1, 0, 0], blue: [0, 0, -1, 0], bias: [1, 1, 1, 0],
        transfer: .sRGB))
  }
}
