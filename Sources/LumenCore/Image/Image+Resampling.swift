extension Image {
  /// The image resampled to `width` x `height` pixels at the origin, filtering sRGB-encoded
  /// values as Pillow, libvips and ImageMagick do by default.
  public func resized(width: Int, height: Int, filter: ResamplingFilter = .lanczos3) -> Image {
    if extent.width == width && extent.height == height { return movedToOrigin() }
    let source = movedToOrigin()
    let horizontal = SeparablePass(
      axis: .horizontal,
      taps: .resampling(from: 0..<source.extent.width, to: width, filter: filter), transfer: .sRGB)
    let vertical = SeparablePass(
      axis: .vertical,
      taps: .resampling(from: 0..<source.extent.height, to: height, filter: filter), transfer: .sRGB
    )
    return source.applying(horizontal).applying(vertical)
  }

  /// The image scaled by `factor` (sizes rounded to whole pixels, at least 1).
  public func scaled(by factor: Double, filter: ResamplingFilter = .lanczos3) -> Image {
    let w = max(1, Int((Double(extent.width) * factor).rounded()))
    let h = max(1, Int((Double(extent.height) * factor).rounded()))
    return resized(width: w, height: h, filter: filter)
  }

  /// The image scaled (Lanczos-3) so that its long side is `longSide`; never enlarged.
  public func fitting(longSide: Int) -> Image {
    let long = max(extent.width, extent.height)
    guard long > longSide else { return self }
    let scale = Double(longSide) / Double(long)
    return resized(
      width: max(1, Int((Double(extent.width) * scale).rounded())),
      height: max(1, Int((Double(extent.height) * scale).rounded())))
  }
}
