import LumenCore

/// Gamma, as `CIGammaAdjust`: `pow(c, power)` on each sRGB-encoded channel (negative values
/// keep their sign: `-pow(-c, power)`).
///
/// Powers above 1 darken mid-tones, below 1 brighten them; black and white stay. (The
/// PhotoEditor SDK's "gamma g" is `power = 1/g`.)
public struct Gamma: Filter {
  public static let descriptor = FilterDescriptor(
    name: "gammaPower", displayName: "Gamma Power", folder: .adjustments,
    summary: "pow(c, power) on sRGB-encoded RGB (CIGammaAdjust).",
    parameters: [
      .scalar(
        "power", range: 0.1...10, default: 1, identity: 1,
        doc: "Exponent applied to encoded values: > 1 darkens mid-tones, < 1 brightens them.")
    ])

  public var power: Double

  public init(power: Double = 1) { self.power = power }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(power: values.resolved(for: Self.descriptor).double("power"))
  }

  public func apply(to image: Image) -> Image {
    power == 1 ? image : image.applying(Kernel(power: Float(power)))
  }

  /// A tone curve, so that on 8 and 16-bit sources it folds into the decoding table.
  struct Kernel: ToneCurve, Hashable {
    let power: Float
    var transfer: Transfer { .sRGB }

    @inline(__always)
    func map(_ v: Float) -> Float {
      let p = FastMath.pow(abs(v), power)
      return v < 0 ? -p : p
    }
  }
}
