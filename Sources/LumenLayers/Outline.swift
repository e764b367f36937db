import Foundation

/// A shape's outline centred on the origin of its own frame, in pixels, and its signed distance
/// (negative inside).
struct Outline {
  let kind: ShapeKind
  let halfWidth, halfHeight: Double
  /// Rounded rectangles only; at most half the shorter side.
  let cornerRadius: Double

  /// Signed distance from the outline to (x, y) in pixels.
  func distance(_ x: Double, _ y: Double) -> Double {
    switch kind {
    case .rectangle:
      return Self.box(x, y, halfWidth, halfHeight)
    case .roundedRectangle:
      let r = min(cornerRadius, halfWidth, halfHeight)
      return Self.box(x, y, halfWidth - r, halfHeight - r) - r
    case .ellipse:
      return Self.ellipse(x, y, halfWidth, halfHeight)
    }
  }

  /// The coverage of a stroke `2 * halfWidth` wide centred on the outline.
  func strokeCoverage(_ x: Double, _ y: Double, halfWidth h: Double) -> Double {
    if kind == .rectangle {
      // SVG's default mitre joins: the outer edge is the rectangle grown by h, square corners.
      let outer = ShapeKernel.inside(Self.box(x, y, halfWidth + h, halfHeight + h))
      let inner = ShapeKernel.inside(distance(x, y) + h)
      return max(outer - inner, 0)
    }
    let d = distance(x, y)
    return max(min(d + 0.5, h) - max(d - 0.5, -h), 0)
  }

  /// Signed distance to an axis-aligned box of half sizes (hw, hh); exact inside and outside.
  static func box(_ x: Double, _ y: Double, _ hw: Double, _ hh: Double) -> Double {
    let qx = abs(x) - hw
    let qy = abs(y) - hh
    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
    return outside + min(max(qx, qy), 0)
  }

  /// Signed distance to the ellipse of semi-axes a, b: the nearest point found by walking the
  /// ellipse's parameter, each step turning by the angle the point subtends at the centre of
  /// curvature (the evolute); a few steps reach double precision for any eccentricity.
  static func ellipse(_ x: Double, _ y: Double, _ a: Double, _ b: Double) -> Double {
    let px = abs(x)
    let py = abs(y)
    if a == b { return (px * px + py * py).squareRoot() - a }
    var t = atan2(a * py, b * px)
    let spread = a * a - b * b
    for _ in 0..<4 {
      let (st, ct) = (sin(t), cos(t))
      let ex = spread * ct * ct * ct / a
      let ey = -spread * st * st * st / b
      let (ox, oy) = (a * ct, b * st)
      let (rx, ry) = (ox - ex, oy - ey)
      let (qx, qy) = (px - ex, py - ey)
      let lengths = (rx * rx + ry * ry).squareRoot() * (qx * qx + qy * qy).squareRoot()
      guard lengths > 0 else { break }
      let turn = asin(min(max((rx * qy - ry * qx) / lengths, -1), 1))
      let arc = (rx * rx + ry * ry).squareRoot() * turn
      t += arc / (a * a + b * b - ox * ox - oy * oy).squareRoot()
      t = min(max(t, 0), .pi / 2)
    }
    let (nx, ny) = (a * cos(t), b * sin(t))
    let d = ((px - nx) * (px - nx) + (py - ny) * (py - ny)).squareRoot()
    let inside = (px / a) * (px / a) + (py / b) * (py / b) < 1
    return inside ? -d : d
  }
}
