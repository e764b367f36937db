import Foundation

/// A 2-D affine map: x' = a*x + c*y + tx, y' = b*x + d*y + ty (the layout of CGAffineTransform).
public struct AffineTransform: Hashable, Sendable {
  public var a, b, c, d, tx, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// Rotation by `angle` radians, clockwise on screen because y points down.
  public init(rotationAngle angle: Double) {
    let (s, co) = (sin(angle), cos(angle))
    self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
  }

  public var isIdentity: Bool { self == .identity }

  /// True when the map only moves pixels by whole amounts, so no resampling is needed.
  public var isIntegerTranslation: Bool {
    a == 1 && b == 0 && c == 0 && d == 1 && tx == tx.rounded() && ty == ty.rounded()
  }

  /// `self` followed by `next`.
  public func concatenating(_ next: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * next.a + b * next.c, b: a * next.b + b * next.d,
      c: c * next.a + d * next.c, d: c * next.b + d * next.d,
      tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
  }

  public var determinant: Double { a * d - b * c }

  public func inverted() -> AffineTransform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    return AffineTransform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }

  public func apply(to p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }

  /// The whole-pixel bounds of `rect` after the map.
  public func apply(to rect: Rect) -> Rect {
    if rect.isInfinite { return .infinite }
    let corners = [
      Point(x: Double(rect.minX), y: Double(rect.minY)),
      Point(x: Double(rect.maxX), y: Double(rect.minY)),
      Point(x: Double(rect.minX), y: Double(rect.maxY)),
      Point(x: Double(rect.maxX), y: Double(rect.maxY)),
    ].map(apply(to:))
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    // Snap values within 1e-9 of an integer so exact maps keep exact extents.
    func snap(_ v: Double) -> Double { abs(v - v.rounded()) < 1e-9 ? v.rounded() : v }
    return Rect.covering(
      minX: snap(xs.reduce(.infinity, min)), minY: snap(ys.reduce(.infinity, min)),
      maxX: snap(xs.reduce(-.infinity, max)), maxY: snap(ys.reduce(-.infinity, max)))
  }
}
