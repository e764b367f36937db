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
  /// The image blurred as ``GaussianBlur`` describes, for any finite `sigma` >= 0: a wide
  /// blur costs no more than a narrow one (see `pyramidBlur`). The filter's 0...200 is the
  /// range a user picks from; edits whose blur scales with the picture (focus, clarity) call
  /// this, so a large photo gets the blur its document asks for.
  public func gaussianBlurred(sigma: Double) -> Image {
    guard sigma > 0, !extent.isEmpty else { return self }
    let factor = Self.pyramidFactor(sigma: sigma)
    if factor > 1, !extent.isInfinite { return pyramidBlur(sigma: sigma, factor: factor) }
    return clampedToExtent().separableGaussian(sigma: sigma).cropped(to: extent)
  }

  /// How many times smaller a wide blur runs: the largest power of two that leaves at least
  /// sigma 3 at the reduced size (1 up to sigma 6, 2 up to 12, 8 for sigma 24 to 48...).
  static func pyramidFactor(sigma: Double) -> Int {
    var factor = 1
    while sigma / Double(2 * factor) >= 3 { factor *= 2 }
    return factor
  }

  /// Both passes of a Gaussian, over an image that is infinite or will be cropped.
  private func separableGaussian(sigma: Double) -> Image {
    let taps = Taps.uniform(GaussianBlur.weights(sigma: sigma))
    return applying(SeparablePass(axis: .horizontal, taps: taps, transfer: .sRGB))
      .applying(SeparablePass(axis: .vertical, taps: taps, transfer: .sRGB))
  }

  /// A wide Gaussian computed on a fraction of the pixels: means of `factor` x `factor` blocks
  /// reduce the image, the rest of the blur runs at that size, and linear interpolation
  /// enlarges it back. The variances add up to sigma^2: (k^2 - 1) / 12 (the block means),
  /// (k sigma_small)^2, and (2k^2 + 1) / 12 on average over the interpolation's phases, so
  /// sigma_small = sqrt(sigma^2 / k^2 - 1/4). Block means leave little to alias: their zeros
  /// sit on the frequencies that fold onto the smooth result, and the reduced blur (sigma >= 3)
  /// removes what is left near the reduced Nyquist frequency. The cost no longer grows with
  /// sigma: two passes over the full image (reducing, enlarging) and short blurs between.
  private func pyramidBlur(sigma: Double, factor k: Int) -> Image {
    let small = (sigma * sigma / Double(k * k) - 0.25).squareRoot()
    // The image extended by repeated edges as far as the blur reaches, with sides that are
    // multiples of k; the clamped borders of the reduced image stay beyond that reach.
    let pad = k * Int(((3 * sigma) / Double(k) + 4).rounded(.up))
    let e = extent
    func padded(_ side: Int) -> Int { (side + 2 * pad + k - 1) / k * k }
    let region = Rect(
      x: e.minX - pad, y: e.minY - pad, width: padded(e.width), height: padded(e.height))
    return reduced(by: k, over: region).clampedToExtent().separableGaussian(sigma: small)
      .enlarged(by: k, extent: Rect(width: region.width, height: region.height))
      .translatedBy(dx: region.minX, dy: region.minY)
      .cropped(to: e)
  }
}
