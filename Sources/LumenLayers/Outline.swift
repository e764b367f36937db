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

  /// How much of the pixel centred on (x, y) the fill and a stroke `2 * halfStroke` wide
  /// centred on the outline cover: the overlap of a one-pixel span around the signed distance
  /// with the inside (fill) or with the band |d| <= halfStroke (stroke), about one pixel of
  /// antialiasing at any scale.
  func coverage(_ x: Double, _ y: Double, halfStroke h: Double) -> (fill: Double, stroke: Double) {
    if kind == .ellipse, let far = farFromEllipse(x, y, reach: h + 0.5) {
      return far ? (0, 0) : (1, 0)
    }
    let d = distance(x, y)
    let fill = Self.inside(d)
    if h <= 0 { return (fill, 0) }
    if kind == .rectangle {
      // SVG's default mitre joins: the outer edge is the rectangle grown by h, square corners.
      let outer = Self.inside(Self.box(x, y, halfWidth + h, halfHeight + h))
      return (fill, max(outer - Self.inside(d + h), 0))
    }
    return (fill, max(min(d + 0.5, h) - max(d - 0.5, -h), 0))
  }

  /// A signed distance from (x, y) to the outline that is never farther from zero than the
  /// true one (negative inside): the exact distance, or for an ellipse the cheap bound of
  /// ``farFromEllipse(_:_:reach:)``. Distances change by at most the distance moved, so a
  /// pixel this far from the outline vouches for its neighbours.
  func nearestPossibleDistance(_ x: Double, _ y: Double) -> Double {
    guard kind == .ellipse else { return distance(x, y) }
    let (u, v) = (x / halfWidth, y / halfHeight)
    return ((u * u + v * v).squareRoot() - 1) * min(halfWidth, halfHeight)
  }

  /// The part of a one-pixel span centred on signed distance `d` that lies inside (d <= 0).
  @inline(__always)
  static func inside(_ d: Double) -> Double { min(max(0.5 - d, 0), 1) }

  /// True (outside) or false (inside) when (x, y) is more than `reach` pixels from the ellipse,
  /// nil when it may be nearer. The point lies on the ellipse scaled by k about the centre, and
  /// that ellipse is at least |k - 1| times the shorter semi-axis away from this one: most
  /// pixels skip the search for the nearest point.
  @inline(__always)
  func farFromEllipse(_ x: Double, _ y: Double, reach: Double) -> Bool? {
    let (u, v) = (x / halfWidth, y / halfHeight)
    let k = (u * u + v * v).squareRoot()
    guard abs(k - 1) * min(halfWidth, halfHeight) > reach else { return nil }
    return k > 1
  }

  /// Signed distance to an axis-aligned box of half sizes (hw, hh); exact inside and outside.
  static func box(_ x: Double, _ y: Double, _ hw: Double, _ hh: Double) -> Double {
    let qx = abs(x) - hw
    let qy = abs(y) - hh
    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
    return outside + min(max(qx, qy), 0)
  }

  /// Signed distance to the ellipse of semi-axes a, b. The nearest point (x', y') on the
  /// ellipse satisfies x' = a² x / (s + a²), y' = b² y / (s + b²) for the one root s of
  /// (a x / (s + a²))² + (b y / (s + b²))² = 1 above -min(a, b)² (the normal through the point);
  /// that function falls monotonically there, so a bracketed search finds the root for any point
  /// and eccentricity. Points on the axes are solved directly.
  static func ellipse(_ x: Double, _ y: Double, _ a: Double, _ b: Double) -> Double {
    if a < b { return ellipse(y, x, b, a) }
    // First quadrant, longer axis along x.
    let px = abs(x)
    let py = abs(y)
    let inside = (px / a) * (px / a) + (py / b) * (py / b) < 1
    let d: Double
    if py == 0 {
      // On the long axis: inside the evolute's cusp the nearest point is off the axis.
      let cusp = (a * a - b * b) / a
      if px < cusp {
        let nx = a * a * px / (a * a - b * b)
        let ny = b * max(1 - (nx / a) * (nx / a), 0).squareRoot()
        d = ((nx - px) * (nx - px) + ny * ny).squareRoot()
      } else {
        d = abs(px - a)
      }
    } else if px == 0 {
      d = abs(py - b)
    } else {
      let (aa, bb) = (a * a, b * b)
      // excess(lower) >= 0 >= excess(upper). The excess is convex and falls, so Newton steps
      // converge fast; a step that would leave the bracket bisects it instead.
      var lower = -bb + b * py
      var upper = -bb + (aa * px * px + bb * py * py).squareRoot()
      var s = min(max(0, lower), upper)
      for _ in 0..<100 {
        let u = a * px / (s + aa)
        let v = b * py / (s + bb)
        let excess = u * u + v * v - 1
        if excess > 0 { lower = s } else if excess < 0 { upper = s } else { break }
        let slope = -2 * (u * u / (s + aa) + v * v / (s + bb))
        var next = s - excess / slope
        if !(next > lower && next < upper) { next = (lower + upper) / 2 }
        // A change of s moves the nearest point by at most |change| / b pixels.
        let settled = abs(next - s) <= 1e-9 * b
        s = next
        if settled { break }
      }
      let nx = aa * px / (s + aa)
      let ny = bb * py / (s + bb)
      d = ((nx - px) * (nx - px) + (ny - py) * (ny - py)).squareRoot()
    }
    return inside ? -d : d
  }
}
