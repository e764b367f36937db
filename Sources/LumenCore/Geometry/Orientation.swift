/// EXIF orientation (TIFF tag 274): how stored pixels must be turned to stand upright.
public enum Orientation: Int, Sendable, CaseIterable {
  case up = 1
  case upMirrored = 2
  case down = 3
  case downMirrored = 4
  case leftMirrored = 5
  case right = 6
  case rightMirrored = 7
  case left = 8

  /// True when width and height trade places.
  public var swapsDimensions: Bool { rawValue >= 5 }

  /// The map from stored pixel positions to upright positions for an image of `width` x
  /// `height` stored pixels. Values follow the TIFF 6.0 definition of the tag.
  public func transform(width w: Int, height h: Int) -> AffineTransform {
    let (W, H) = (Double(w), Double(h))
    switch self {
    case .up: return .identity
    case .upMirrored: return AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: W, ty: 0)
    case .down: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: W, ty: H)
    case .downMirrored: return AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: H)
    case .leftMirrored: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
    case .right: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: H, ty: 0)
    case .rightMirrored: return AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: H, ty: W)
    case .left: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: W)
    }
  }
}

extension Image {
  /// The image turned upright from stored `orientation`, with its extent at the origin.
  /// Orientation maps are exact pixel permutations, so no resampling blurs the result.
  public func oriented(_ orientation: Orientation) -> Image {
    let moved = movedToOrigin()
    return moved.transformed(
      by: orientation.transform(width: extent.width, height: extent.height), sampling: .nearest)
  }
}
