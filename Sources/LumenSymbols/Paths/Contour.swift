/// One closed or open path of a symbol: a start node and the segments from node to node, each
/// a line or a cubic curve (quadratic curves and arcs are read as cubics).
public struct Contour: Hashable, Sendable {
  public enum Segment: Hashable, Sendable {
    case line(to: PathPoint)
    case curve(PathPoint, PathPoint, to: PathPoint)

    public var end: PathPoint {
      switch self {
      case .line(let to), .curve(_, _, let to): to
      }
    }

    /// `L` or `C`, as the check shows a path's structure.
    public var letter: Character {
      if case .line = self { return "L" }
      return "C"
    }
  }

  public var start: PathPoint
  public var segments: [Segment]
  public var isClosed: Bool

  public init(start: PathPoint, segments: [Segment] = [], isClosed: Bool = false) {
    self.start = start
    self.segments = segments
    self.isClosed = isClosed
  }

  /// The on-curve points: the start, then each segment's end (a closed path's last segment
  /// ending at the start is not counted twice).
  public var nodes: [PathPoint] {
    var nodes = [start] + segments.map(\.end)
    if isClosed, nodes.count > 1, let last = nodes.last, last.distance(to: start) < 1e-9 {
      nodes.removeLast()
    }
    return nodes
  }

  /// The segments' letters in order (`LCCL`).
  public var structure: String { String(segments.map(\.letter)) }

  /// The area enclosed, signed: positive when the path runs clockwise on screen (y down), as
  /// the closing line makes it; exact for cubics (Green's theorem on the Bézier form).
  public var signedArea: Double {
    var area = 0.0
    var current = start
    for segment in segments + (isClosed ? [] : [.line(to: start)]) {
      switch segment {
      case .line(let to):
        area += (current.x * to.y - to.x * current.y) / 2
      case .curve(let c1, let c2, let to):
        let (p0, p1, p2, p3) = (current, c1, c2, to)
        area +=
          (1.0 / 20.0)
          * (p0.x * (6 * p1.y + 3 * p2.y + p3.y) + p1.x * (-6 * p0.y + 3 * p2.y + 3 * p3.y)
            + p2.x * (-3 * p0.y - 3 * p1.y + 6 * p3.y) + p3.x * (-p0.y - 3 * p1.y - 6 * p2.y))
      }
      current = segment.end
    }
    if isClosed, current.distance(to: start) > 1e-9 {
      area += (current.x * start.y - start.x * current.y) / 2
    }
    return area
  }

  public var isClockwise: Bool { signedArea > 0 }

  /// Every point of the path (nodes and handles): its control box.
  public var points: [PathPoint] {
    [start]
      + segments.flatMap { segment -> [PathPoint] in
        switch segment {
        case .line(let to): [to]
        case .curve(let c1, let c2, let to): [c1, c2, to]
        }
      }
  }

  /// The control points' bounds: minX, minY, maxX, maxY.
  public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
  }

  /// The mean of the nodes, which paths are matched by.
  public var centroid: PathPoint {
    let nodes = self.nodes
    let sum = nodes.reduce(PathPoint(0, 0), +)
    return sum * (1 / Double(max(nodes.count, 1)))
  }

  /// The path mapped by `transform`.
  public func applying(_ transform: PathTransform) -> Contour {
    Contour(
      start: transform.apply(start),
      segments: segments.map { segment in
        switch segment {
        case .line(let to): .line(to: transform.apply(to))
        case .curve(let c1, let c2, let to):
          .curve(transform.apply(c1), transform.apply(c2), to: transform.apply(to))
        }
      }, isClosed: isClosed)
  }
}
