/// One stroke of a brush: a path of points (fractions of the drawing's width and height) drawn
/// with a round tip, or erasing what the strokes before it drew.
public struct BrushStroke: Hashable, Sendable {
  public var points: [SIMD2<Double>]
  /// The tip's diameter, a fraction of the drawing's shorter side.
  public var size: Double
  /// 1: a hard edge (exact area coverage); lower: the tip fades from `hardness` of its radius
  /// to its edge.
  public var hardness: Double
  public var color: LayerColor
  public var opacity: Double
  /// Removes what earlier strokes drew under it instead of painting.
  public var erases: Bool

  public init(
    points: [SIMD2<Double>], size: Double = 0.02, hardness: Double = 1,
    color: LayerColor = LayerColor(red: 1, green: 1, blue: 1), opacity: Double = 1,
    erases: Bool = false
  ) {
    self.points = points
    self.size = size
    self.hardness = hardness
    self.color = color
    self.opacity = opacity
    self.erases = erases
  }

  /// The most points one stroke may have, and strokes one drawing.
  public static let maxPoints = 10_000
  public static let maxStrokes = 1_000
}

extension [SIMD2<Double>] {
  /// The path smoothed by `amount` (0...1): neighbours averaged up to eight times (the ends
  /// stay), then corners cut twice (Chaikin), so a shaky hand draws a calm line. Zero returns
  /// the points as they are.
  public func smoothed(by amount: Double) -> [SIMD2<Double>] {
    guard amount > 0, count > 2 else { return self }
    var points = self
    for _ in 0..<Int((Swift.min(amount, 1) * 8).rounded(.up)) {
      var next = points
      for index in 1..<(points.count - 1) {
        next[index] = 0.5 * points[index] + 0.25 * (points[index - 1] + points[index + 1])
      }
      points = next
    }
    for _ in 0..<2 {
      var cut = [points[0]]
      for index in 0..<(points.count - 1) {
        let (a, b) = (points[index], points[index + 1])
        cut.append(0.75 * a + 0.25 * b)
        cut.append(0.25 * a + 0.75 * b)
      }
      cut.append(points[points.count - 1])
      points = cut
    }
    return points
  }
}
