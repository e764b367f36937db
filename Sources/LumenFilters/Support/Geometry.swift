import Foundation
import LumenCore

/// Conventions shared by the geometry filters: they work on finite, non-empty images, measure
/// positions from the top-left corner of the input's extent, and return images whose extent
/// starts at (0, 0). Angles are in degrees, positive clockwise on screen (y points down), as
/// in CSS and the PhotoEditor SDK.
enum Geometry {
  /// The extent of `image`, or an error naming `filter` when it is infinite or empty.
  static func finiteExtent(of image: Image, filter: String) throws(FilterError) -> Rect {
    let e = image.extent
    guard !e.isInfinite, !e.isEmpty else {
      throw .invalidGeometry(filter: filter, reason: "the image has no finite, non-empty extent")
    }
    return e
  }

  /// cos and sin of `degrees`, exact for multiples of 90 so that quarter turns stay
  /// permutations of pixels.
  static func cosSin(degrees: Double) -> (cos: Double, sin: Double) {
    let d = degrees.truncatingRemainder(dividingBy: 360)
    if d.truncatingRemainder(dividingBy: 90) == 0 {
      switch (Int(d) + 360) % 360 {
      case 90: return (0, 1)
      case 180: return (-1, 0)
      case 270: return (0, -1)
      default: return (1, 0)
      }
    }
    let r = d * .pi / 180
    return (Foundation.cos(r), Foundation.sin(r))
  }

  /// The map that rotates `extent` about its centre by (cos, sin) and puts the centre at
  /// `centre`: x' = R (x - c) + centre.
  static func rotation(
    of extent: Rect, cos c: Double, sin s: Double, centre: Point
  ) -> LumenCore.AffineTransform {
    let cx = Double(extent.minX) + Double(extent.width) / 2
    let cy = Double(extent.minY) + Double(extent.height) / 2
    return LumenCore.AffineTransform(translationX: -cx, y: -cy)
      .concatenating(LumenCore.AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0))
      .concatenating(LumenCore.AffineTransform(translationX: centre.x, y: centre.y))
  }
}
