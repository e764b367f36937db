import Foundation

/// Turns a stroked centre line into the filled outline that draws the same stroke: both sides
/// offset by half the width, joined at corners and capped at open ends as `StrokeStyle` says.
///
/// Every choice that shapes the outline's structure (where curves are cut, which corners are
/// rounded, joined by a miter or a bevel, or met by the inner sides' crossing) depends on the
/// drawing and on `planWidth` alone, so the outlines of one centre line at several widths
/// planned with the widest have the same paths, nodes and segment types: they interpolate.
public enum StrokeOutliner {
  /// The outline of `contour`: an open path gives one clockwise path around its stroke, a
  /// closed one its outside (clockwise) then its inside (counter-clockwise); a path of no
  /// length gives none. `cornerRadius` rounds the corners between lines first.
  public static func outline(
    _ contour: Contour, style: StrokeStyle, cornerRadius: Double = 0, planWidth: Double? = nil
  ) -> [Contour] {
    guard style.width > 0, let line = CentreLine(contour, cornerRadius: cornerRadius) else {
      return []
    }
    let half = style.width / 2
    let plan = max(planWidth ?? style.width, style.width) / 2
    let outliner = Side.Builder(line: line, style: style, planHalfWidth: plan)
    guard line.isClosed else {
      // Along the -n side, round the end, back along the +n side, round the start: clockwise.
      let first = line.pieces[0]
      let last = line.pieces[line.pieces.count - 1]
      let right = outliner.side(at: -half)
      let plus = outliner.side(at: half)
      let back = Contour(start: plus.start, segments: plus.segments).reversed()
      let left = Side(start: back.start, segments: back.segments)
      let segments =
        right.segments
        + cap(at: last.p3, outward: last.endTangent, from: right.end, to: left.start, style)
        + left.segments
        + cap(
          at: first.p0, outward: first.startTangent * -1, from: left.end, to: right.start, style)
      return [Contour(start: right.start, segments: segments, isClosed: true)]
    }
    // +n lies inside a clockwise path: its -n side is the outside.
    let clockwise = contour.signedArea >= 0
    let outside = outliner.side(at: clockwise ? -half : half).contour
    let inside = outliner.side(at: clockwise ? half : -half).contour
    return [
      clockwise ? outside : outside.reversed(), clockwise ? inside.reversed() : inside,
    ]
  }

  /// A quarter circle's handles, in radii.
  static let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

  /// The segments from `from` to `to` around an open end at `end` facing `outward`.
  static func cap(
    at end: PathPoint, outward: PathPoint, from: PathPoint, to: PathPoint, _ style: StrokeStyle
  ) -> [Contour.Segment] {
    let half = style.width / 2
    let reach = outward * half
    switch style.cap {
    case .butt:
      return [.line(to: to)]
    case .square:
      return [.line(to: from + reach), .line(to: to + reach), .line(to: to)]
    case .round:
      let apex = end + reach
      let across = (from - end) * kappa
      return [
        .curve(from + reach * kappa, apex + across, to: apex),
        .curve(apex - across, to + reach * kappa, to: to),
      ]
    }
  }
}

/// One side of a centre line, offset: where it starts and ends and what is drawn between.
struct Side {
  var start: PathPoint
  var segments: [Contour.Segment]
  var end: PathPoint { segments.last?.end ?? start }
  var contour: Contour { Contour(start: start, segments: segments, isClosed: true) }

  /// Offsets a centre line's pieces and joins them.
  struct Builder {
    let line: CentreLine
    let style: StrokeStyle
    let planHalfWidth: Double

    /// The side at signed distance `d` along each piece's normal.
    func side(at d: Double) -> Side {
      var pieces = line.pieces.map { offset($0, d) }
      var joins: [Int: [Contour.Segment]] = [:]
      for (a, b) in line.junctions {
        let (tA, tB) = (line.pieces[a].endTangent, line.pieces[b].startTangent)
        let turn = CentreLine.turn(tA, tB)
        guard turn > CentreLine.smoothTurn else { continue }
        let corner = line.pieces[a].p3
        let crossing = corner + (tA.normal + tB.normal) * (d / (1 + tA.dot(tB)))
        // The turn's own side is inside the corner: the offsets there cross.
        if tA.cross(tB) * d > 0 {
          let meets =
            line.pieces[a].isLine && line.pieces[b].isLine
            && turn < Double.pi - CentreLine.smoothTurn
            && planHalfWidth * tan(turn / 2) <= min(length(a), length(b))
          if meets {
            pieces[a].p3 = crossing
            pieces[a].p2 = crossing
            pieces[b].p0 = crossing
            pieces[b].p1 = crossing
          } else {
            joins[a] = [.line(to: corner), .line(to: pieces[b].p0)]
          }
        } else {
          joins[a] = outerJoin(
            around: corner, from: pieces[a].p3, to: pieces[b].p0, turn, d, crossing)
        }
      }
      // A rounded corner tighter than the offset is gone on its inside: the sides meet there.
      for (index, piece) in line.pieces.enumerated() {
        guard case .roundedCorner(let corner, let radius) = piece.kind,
          piece.startTangent.cross(piece.endTangent).signum * d >= radius
        else { continue }
        let crossing =
          corner + (piece.startTangent.normal + piece.endTangent.normal)
          * (d / (1 + piece.startTangent.dot(piece.endTangent)))
        pieces[index] = Offset(
          p0: crossing, p1: crossing, p2: crossing, p3: crossing, isLine: false)
        let before = (index + pieces.count - 1) % pieces.count
        let after = (index + 1) % pieces.count
        (pieces[before].p2, pieces[before].p3) = (crossing, crossing)
        (pieces[after].p0, pieces[after].p1) = (crossing, crossing)
      }
      var segments: [Contour.Segment] = []
      for (index, piece) in pieces.enumerated() {
        segments.append(
          piece.isLine ? .line(to: piece.p3) : .curve(piece.p1, piece.p2, to: piece.p3))
        segments += joins[index] ?? []
      }
      return Side(start: pieces[0].p0, segments: segments)
    }

    private func length(_ index: Int) -> Double {
      line.pieces[index].p0.distance(to: line.pieces[index].p3)
    }

    /// The join on a corner's outside, by the style's join; a miter past its limit is a bevel.
    private func outerJoin(
      around corner: PathPoint, from: PathPoint, to: PathPoint, _ turn: Double, _ d: Double,
      _ miter: PathPoint
    ) -> [Contour.Segment] {
      switch style.join {
      case .miter where 1 / cos(turn / 2) <= style.miterLimit:
        return [.line(to: miter), .line(to: to)]
      case .miter, .bevel:
        return [.line(to: to)]
      case .round:
        let parts = turn > Double.pi / 2 ? 2 : 1
        let step = turn / Double(parts) * (from - corner).cross(to - corner).signum
        let handle = 4.0 / 3.0 * tan(abs(step) / 4)
        var segments: [Contour.Segment] = []
        var radius = from - corner
        for part in 1...parts {
          let next = part == parts ? to - corner : radius.rotated(by: step)
          segments.append(
            .curve(
              corner + radius + radius.normal * (handle * step.signum),
              corner + next - next.normal * (handle * step.signum), to: corner + next))
          radius = next
        }
        return segments
      }
    }

    /// A piece moved `d` along its normals: lines exactly, curves with their handles scaled
    /// by how the curvature at each end changes (exact for circular arcs).
    private func offset(_ piece: CentreLine.Piece, _ d: Double) -> Offset {
      let p0 = piece.p0 + piece.startTangent.normal * d
      let p3 = piece.p3 + piece.endTangent.normal * d
      switch piece.kind {
      case .line:
        return Offset(p0: p0, p1: p0, p2: p3, p3: p3, isLine: true)
      case .roundedCorner(_, let radius):
        let scale = max(0, 1 - d * piece.startTangent.cross(piece.endTangent).signum / radius)
        return Offset(
          p0: p0, p1: p0 + (piece.p1 - piece.p0) * scale, p2: p3 + (piece.p2 - piece.p3) * scale,
          p3: p3, isLine: false)
      case .curve:
        let (a, b) = handleLengths(piece, p0, p3, d)
        return Offset(
          p0: p0, p1: p0 + piece.startTangent * a, p2: p3 - piece.endTangent * b, p3: p3,
          isLine: false)
      }
    }

    /// The handles of a curve's offset: along the curve's own tangents, long enough that the
    /// offset passes through the true offset of the curve's middle (two equations, two
    /// lengths); where the tangents are parallel or the fit turns a handle round, the
    /// curve's handles scaled by how the curvature at each end changes.
    private func handleLengths(
      _ piece: CentreLine.Piece, _ p0: PathPoint, _ p3: PathPoint, _ d: Double
    )
      -> (Double, Double)
    {
      let (t0, t3) = (piece.startTangent, piece.endTangent)
      let middle = (piece.p0 + piece.p1 * 3 + piece.p2 * 3 + piece.p3) * 0.125
      let direction = CentreLine.derivative(piece.p0, piece.p1, piece.p2, piece.p3, 0.5).unit
      let target = middle + direction.normal * d
      // 8 target = 4 p0 + 4 p3 + 3 a t0 - 3 b t3.
      let rest = (target * 8 - p0 * 4 - p3 * 4) * (1.0 / 3.0)
      let determinant = t0.cross(t3 * -1)
      if abs(determinant) > 1e-6 {
        let a = rest.cross(t3 * -1) / determinant
        let b = t0.cross(rest) / determinant
        if a >= 0, b >= 0 { return (a, b) }
      }
      let start = max(0, 1 - d * curvature(piece.p1 - piece.p0, piece.p2 - piece.p1 * 2 + piece.p0))
      let end = max(0, 1 - d * curvature(piece.p3 - piece.p2, piece.p3 - piece.p2 * 2 + piece.p1))
      return ((piece.p1 - piece.p0).length * start, (piece.p3 - piece.p2).length * end)
    }

    /// The signed curvature from a cubic's first and second differences at an end
    /// (3·first and 6·second are its derivatives there).
    private func curvature(_ first: PathPoint, _ second: PathPoint) -> Double {
      let speed = first.length * 3
      guard speed > 1e-9 else { return 0 }
      return (first * 3).cross(second * 6) / (speed * speed * speed)
    }
  }

  /// An offset piece's points; a line's handles are its ends.
  struct Offset {
    var p0, p1, p2, p3: PathPoint
    var isLine: Bool
  }
}

extension Double {
  /// -1, 0 or 1, as the number is negative, zero or positive.
  fileprivate var signum: Double { self > 0 ? 1 : self < 0 ? -1 : 0 }
}
