/// How a centre line is stroked, as SVG describes it: the width, the caps on an open path's
/// ends and the joins at its corners.
public struct StrokeStyle: Hashable, Sendable {
  public enum Cap: String, CaseIterable, Sendable { case butt, round, square }
  public enum Join: String, CaseIterable, Sendable { case miter, round, bevel }

  public var width: Double
  public var cap: Cap
  public var join: Join
  /// A miter longer than this many half-widths is bevelled instead (SVG's default is 4).
  public var miterLimit: Double

  public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 4) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
  }
}

/// Which parts of a self-overlapping shape are inside (SVG's `fill-rule`).
public enum FillRule: String, CaseIterable, Hashable, Sendable {
  case nonzero
  case evenodd
}
