import LumenCore

extension Image {
  /// The image scaled (Lanczos-3) and centred in a `width` x `height` picture at the origin:
  /// whole, with black bars, or covering it, cut at the sides. An image of that size already
  /// is returned as it is, so a clip at the output's size is never resampled.
  func fitted(width: Int, height: Int, mode: VideoComposition.FitMode) -> Image {
    let source = movedToOrigin()
    let (w, h) = (Double(source.extent.width), Double(source.extent.height))
    if source.extent.width == width && source.extent.height == height { return source }
    let scale =
      switch mode {
      case .fit: min(Double(width) / w, Double(height) / h)
      case .fill: max(Double(width) / w, Double(height) / h)
      }
    // Rounded towards the picture's edges, so a fit never overflows and a fill never gaps.
    let scaledWidth = Int((w * scale).rounded())
    let scaledHeight = Int((h * scale).rounded())
    let placed = source.resized(
      width: mode == .fit ? min(max(scaledWidth, 1), width) : max(scaledWidth, width),
      height: mode == .fit ? min(max(scaledHeight, 1), height) : max(scaledHeight, height))
    let centred = placed.translatedBy(
      dx: (width - placed.extent.width) / 2, dy: (height - placed.extent.height) / 2)
    let picture = Rect(x: 0, y: 0, width: width, height: height)
    switch mode {
    case .fit: return centred.composited(over: Image(color: .black).cropped(to: picture))
    case .fill: return centred.cropped(to: picture)
    }
  }
}
