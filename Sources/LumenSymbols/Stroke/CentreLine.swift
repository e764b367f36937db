import Foundation

/// A centre line cut into pieces that can be offset one by one: straight runs, cubics turning
/// at most an eighth of a circle each, and the arcs that round corners between two runs. How
/// it is cut depends only on the drawing and the corner radius, never on the stroke's width,
/// so that outlines at every width have the same structure.
struct CentreLine {
  struct Piece {
    enum Kind {
      case line
      case curve
      /// An arc of `radius` rounding the corner at `corner` between two lines.
      case roundedCorner(corner: PathPoint, radius: Double)
    }
    var kind: Kind
    var p0, p1, p2, p3: PathPoint
    /// Unit tangents at both ends, kept even when a line shrinks to nothing.
    var startTangent, endTangent: PathPoint

    var isLine: Bool {
      if case .line = kind { return true }
      return false
    }
  }

  var pieces: [Piece]
  var isClosed: Bool

  /// Corners turning less than this are smooth; more than π minus it, a run turning back.
  static let smoothTurn = 1e-3

  /// `contour` cut into pieces, its corners between two lines rounded with `cornerRadius`
  /// (as far as the lines allow); nil when it has no length.
  init?(_ contour: Contour, cornerRadius: Double) {
    let path = contour.isClosed ? contour.explicitlyClosed : contour
    var pieces: [Piece] = []
    var from = path.start
    for segment in path.segments {
      switch segment {
      case .line(let to) where from.distance(to: to) > 1e-9:
        let t = (to - from).unit
        pieces.append(
          Piece(kind: .line, p0: from, p1: from, p2: to, p3: to, startTangent: t, endTangent: t))
      case .curve(let c1, let c2, let to)
      where max(from.distance(to: c1), from.distance(to: c2), from.distance(to: to)) > 1e-9:
        pieces += Self.curvePieces(from, c1, c2, to)
      default: break
      }
      from = segment.end
    }
    guard !pieces.isEmpty else { return nil }
    self.pieces = pieces
    isClosed = path.isClosed
    if cornerRadius > 0 { roundCorners(cornerRadius) }
  }

  /// The junctions between pieces: each piece's index and the next's (a closed line's last
  /// piece meets its first).
  var junctions: [(Int, Int)] {
    let inner = pieces.indices.dropLast().map { ($0, $0 + 1) }
    return isClosed && pieces.count > 1 ? inner + [(pieces.count - 1, 0)] : inner
  }

  /// How far the line turns at a junction, in radians (0 straight on, π back).
  static func turn(_ a: PathPoint, _ b: PathPoint) -> Double {
    abs(atan2(a.cross(b), a.dot(b)))
  }

  /// A cubic cut into equal parts of at most an eighth of a turn each (at most eight).
  private static func curvePieces(
    _ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, _ p3: PathPoint
  )
    -> [Piece]
  {
    var turned = 0.0
    var previous: PathPoint?
    for step in 0...16 {
      let t = Double(step) / 16
      let d = derivative(p0, p1, p2, p3, t)
      guard d.length > 1e-12 else { continue }
      if let previous { turned += turn(previous, d.unit) }
      previous = d.unit
    }
    let count = min(8, max(1, Int((turned / (Double.pi / 4)).rounded(.up))))
    var pieces: [Piece] = []
    var rest = (p0, p1, p2, p3)
    for index in 0..<count {
      let (head, tail) = split(rest, at: 1 / Double(count - index))
      pieces.append(curvePiece(head))
      rest = tail
    }
    return pieces
  }

  private static func curvePiece(_ c: (PathPoint, PathPoint, PathPoint, PathPoint)) -> Piece {
    let (p0, p1, p2, p3) = c
    let start = [p1 - p0, p2 - p0, p3 - p0].first { $0.length > 1e-9 } ?? PathPoint(1, 0)
    let end = [p3 - p2, p3 - p1, p3 - p0].first { $0.length > 1e-9 } ?? start
    return Piece(
      kind: .curve, p0: p0, p1: p1, p2: p2, p3: p3, startTangent: start.unit, endTangent: end.unit)
  }

  static func derivative(
    _ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, _ p3: PathPoint, _ t: Double
  ) -> PathPoint {
    let u = 1 - t
    return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
  }

  /// de Casteljau's split of a cubic at `t`.
  static func split(_ c: (PathPoint, PathPoint, PathPoint, PathPoint), at t: Double) -> (
    (PathPoint, PathPoint, PathPoint, PathPoint), (PathPoint, PathPoint, PathPoint, PathPoint)
  ) {
    let (p0, p1, p2, p3) = c
    let a = p0.mix(p1, t)
    let b = p1.mix(p2, t)
    let e = p2.mix(p3, t)
    let ab = a.mix(b, t)
    let be = b.mix(e, t)
    let middle = ab.mix(be, t)
    return ((p0, a, ab, middle), (middle, be, e, p3))
  }

  /// Rounds every corner between two lines with an arc of `radius`, smaller where the lines
  /// are too short (each line gives a corner at most half of itself, all of itself when its
  /// other end is not a rounded corner).
  private mutating func roundCorners(_ radius: Double) {
    let rounded = junctions.filter { a, b in
      let turn = Self.turn(pieces[a].endTangent, pieces[b].startTangent)
      return pieces[a].isLine && pieces[b].isLine && turn > Self.smoothTurn
        && turn < Double.pi - Self.smoothTurn
    }
    guard !rounded.isEmpty else { return }
    var startCorner = [Bool](repeating: false, count: pieces.count)
    var endCorner = startCorner
    for (a, b) in rounded {
      endCorner[a] = true
      startCorner[b] = true
    }
    func share(_ index: Int) -> Double {
      let length = pieces[index].p0.distance(to: pieces[index].p3)
      return startCorner[index] && endCorner[index] ? length / 2 : length
    }
    var trimStart = [Double](repeating: 0, count: pieces.count)
    var trimEnd = trimStart
    var arcs: [Int: Piece] = [:]
    for (a, b) in rounded {
      let (tA, tB) = (pieces[a].endTangent, pieces[b].startTangent)
      let turn = Self.turn(tA, tB)
      let tangentLength = min(radius * tan(turn / 2), share(a), share(b))
      let fitted = tangentLength / tan(turn / 2)
      let corner = pieces[a].p3
      let from = corner - tA * tangentLength
      let to = corner + tB * tangentLength
      let handle = 4.0 / 3.0 * tan(turn / 4) * fitted
      arcs[a] = Piece(
        kind: .roundedCorner(corner: corner, radius: fitted), p0: from, p1: from + tA * handle,
        p2: to - tB * handle, p3: to, startTangent: tA, endTangent: tB)
      trimEnd[a] = tangentLength
      trimStart[b] = tangentLength
    }
    var result: [Piece] = []
    for (index, var piece) in pieces.enumerated() {
      piece.p0 = piece.p0 + piece.startTangent * trimStart[index]
      piece.p3 = piece.p3 - piece.endTangent * trimEnd[index]
      (piece.p1, piece.p2) = (piece.p0, piece.p3)
      result.append(piece)
      if let arc = arcs[index] { result.append(arc) }
    }
    pieces = result
  }
}
