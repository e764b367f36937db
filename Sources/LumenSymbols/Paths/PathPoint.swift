import Foundation

/// A point of a symbol's drawing, in the SVG's user units (y down).
public struct PathPoint: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  public static func + (a: PathPoint, b: PathPoint) -> PathPoint { PathPoint(a.x + b.x, a.y + b.y) }
  public static func - (a: PathPoint, b: PathPoint) -> PathPoint { PathPoint(a.x - b.x, a.y - b.y) }
  public static func * (a: PathPoint, k: Double) -> PathPoint { PathPoint(a.x * k, a.y * k) }

  /// The point `t` of the way to `other`.
  public func mix(_ other: PathPoint, _ t: Double) -> PathPoint { self + (other - self) * t }

  public func distance(to other: PathPoint) -> Double {
    let d = other - self
    return (d.x * d.x + d.y * d.y).squareRoot()
  }

  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// As a vector: its length, its direction, and the products with another.
  var length: Double { (x * x + y * y).squareRoot() }
  var unit: PathPoint { length > 0 ? self * (1 / length) : self }
  func dot(_ other: PathPoint) -> Double { x * other.x + y * other.y }
  func cross(_ other: PathPoint) -> Double { x * other.y - y * other.x }
  /// A quarter turn towards +y from +x: the side a line's offsets move to for positive
  /// distances.
  var normal: PathPoint { PathPoint(-y, x) }
  /// The vector turned by `angle` radians (towards +y from +x for positive angles).
  func rotated(by angle: Double) -> PathPoint {
    PathPoint(x * cos(angle) - y * sin(angle), x * sin(angle) + y * cos(angle))
  }

  /// Two decimals, as the check prints coordinates.
  public var description: String {
    func short(_ v: Double) -> String {
      let rounded = (v * 100).rounded() / 100
      guard rounded == rounded.rounded(), let whole = Int(exactly: rounded) else {
        return String(rounded)
      }
      return String(whole)
    }
    return "(\(short(x)), \(short(y)))"
  }
}

/// An affine map of SVG transforms: (x, y) -> (a x + c y + e, b x + d y + f).
public struct PathTransform: Hashable, Sendable {
  public var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

  public static let identity = PathTransform()

  public init(
    a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0
  ) {
    (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
  }

  public func apply(_ p: PathPoint) -> PathPoint {
    PathPoint(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
  }

  /// This map after `inner`: `outer.concatenating(inner)` maps by `inner` first.
  public func concatenating(_ inner: PathTransform) -> PathTransform {
    PathTransform(
      a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
      c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
      e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
  }

  /// Whether the map mirrors (turns clockwise paths counter-clockwise).
  public var mirrors: Bool { a * d - b * c < 0 }
}
