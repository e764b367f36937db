import Foundation
import LumenCore

/// Gaussian blur with `sigma` in pixels (the standard deviation). Core Image's `radius` on
/// `CIGaussianBlur` is in practice this sigma; ImageMagick's `-blur 0xS`, libvips's
/// `gaussblur S` and Pillow's `GaussianBlur(S)` take it too.
///
/// Separable: a horizontal then a vertical pass with weights `w(i) = exp(-i² / (2 sigma²))` for
/// `i` in `-r...r`, `r = ceil(3 sigma)`, normalised to sum 1. It filters sRGB-encoded values
/// (premultiplied), as libvips, Pillow and ImageMagick do by default, so results match theirs.
/// Edges are extended (the border pixels repeated outwards) and the result is cropped back to
/// the input's extent, so there are no dark or transparent fringes. Sigma 0 is the identity.
public struct GaussianBlur: Filter {
  public static let descriptor = FilterDescriptor(
    name: "gaussianBlur", displayName: "Gaussian Blur", folder: .blur,
    summary: "Separable Gaussian of standard deviation sigma px, sRGB-encoded, edges extended.",
    parameters: [
      .scalar(
        "sigma", "Sigma", range: 0...200, default: 10, identity: 0, unit: "px",
        doc: "Standard deviation in pixels (Core Image's 'radius'); the kernel spans 3 sigma.")
    ])

  public var sigma: Double

  public init(sigma: Double = 10) { self.sigma = sigma }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(sigma: values.resolved(for: Self.descriptor).double("sigma"))
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    try Self.descriptor.check("sigma", sigma)
    return image.gaussianBlurred(sigma: sigma)
  }

  /// The normalised weights for `sigma` (`2 * ceil(3 sigma) + 1` taps).
  public static func weights(sigma: Double) -> [Float] {
    let radius = Int((3 * sigma).rounded(.up))
    let raw = (-radius...radius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
    let total = raw.reduce(0, +)
    return raw.map { Float($0 / total) }
  }
}

extension Image {
  /// The image blurred as ``GaussianBlur`` describes; `sigma` must be finite and >= 0.
  func gaussianBlurred(sigma: Double) -> Image {
    guard sigma > 0, !extent.isEmpty else { return self }
    let taps = Taps.uniform(GaussianBlur.weights(sigma: sigma))
    return clampedToExtent()
      .applying(SeparablePass(axis: .horizontal, taps: taps, transfer: .sRGB))
      .applying(SeparablePass(axis: .vertical, taps: taps, transfer: .sRGB))
      .cropped(to: extent)
  }
}
