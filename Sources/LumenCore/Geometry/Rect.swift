/// An axis-aligned rectangle of whole pixels. The origin is the top-left corner and y grows
/// downwards, as in image files, so pixel (x, y) covers [x, x+1) x [y, y+1).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public init(width: Int, height: Int) {
    self.init(x: 0, y: 0, width: width, height: height)
  }

  /// Large enough for any image, small enough that arithmetic on it cannot overflow.
  public static let infinite = Rect(x: -(1 << 40), y: -(1 << 40), width: 1 << 41, height: 1 << 41)
  public static let empty = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Int { x }
  public var minY: Int { y }
  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width <= 0 || height <= 0 }
  public var isInfinite: Bool {
    width >= Rect.infinite.width / 2 || height >= Rect.infinite.height / 2
  }
  public var area: Int { width * height }

  public func intersection(_ other: Rect) -> Rect {
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    let x1 = Swift.min(maxX, other.maxX)
    let y1 = Swift.min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return .empty }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public func union(_ other: Rect) -> Rect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Grown by `dx` pixels left and right and `dy` pixels above and below.
  public func insetBy(dx: Int, dy: Int) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  public func offsetBy(dx: Int, dy: Int) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }

  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
  }

  /// The smallest whole-pixel rectangle that covers the given real-valued bounds.
  public static func covering(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Rect {
    let limit = Double(1 << 40)
    let x0 = Int(Swift.max(-limit, (minX).rounded(.down)))
    let y0 = Int(Swift.max(-limit, (minY).rounded(.down)))
    let x1 = Int(Swift.min(limit, (maxX).rounded(.up)))
    let y1 = Int(Swift.min(limit, (maxY).rounded(.up)))
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public var description: String {
    isInfinite ? "infinite" : "(\(x), \(y)) \(width)x\(height)"
  }
}
