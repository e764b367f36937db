extension Contour {
  /// The path with its closing segment written out (a closed path whose last segment ends
  /// elsewhere gets the straight line back to its start): then it has as many segments as
  /// nodes, and reversing or restarting it keeps every segment's type.
  public var explicitlyClosed: Contour {
    guard isClosed, let last = segments.last, last.end.distance(to: start) > 1e-9 else {
      return self
    }
    return Contour(start: start, segments: segments + [.line(to: start)], isClosed: true)
  }

  /// The same shape drawn the other way, from the same start.
  public func reversed() -> Contour {
    let path = explicitlyClosed
    let nodes = [path.start] + path.segments.map(\.end)
    var segments: [Segment] = []
    for index in path.segments.indices.reversed() {
      switch path.segments[index] {
      case .line: segments.append(.line(to: nodes[index]))
      case .curve(let c1, let c2, _): segments.append(.curve(c2, c1, to: nodes[index]))
      }
    }
    return Contour(start: nodes[nodes.count - 1], segments: segments, isClosed: path.isClosed)
  }

  /// The closed path started at its node `index` (the same shape and direction).
  public func starting(at index: Int) -> Contour {
    let path = explicitlyClosed
    guard path.isClosed, index > 0, index < path.segments.count else { return path }
    let start = path.segments[index - 1].end
    return Contour(
      start: start, segments: Array(path.segments[index...] + path.segments[..<index]),
      isClosed: true)
  }

  /// The path with its segment `index`, a line, made the curve that draws it (handles a third
  /// of the way from each end).
  public func curving(segment index: Int) -> Contour {
    guard segments.indices.contains(index), case .line(let to) = segments[index] else {
      return self
    }
    let from = index == 0 ? start : segments[index - 1].end
    var path = self
    path.segments[index] = .curve(from.mix(to, 1.0 / 3.0), from.mix(to, 2.0 / 3.0), to: to)
    return path
  }

  /// SVG path data for the path, numbers with up to four decimals.
  public var pathData: String {
    func point(_ p: PathPoint) -> String { "\(p.x.svgText) \(p.y.svgText)" }
    var words = ["M\(point(start))"]
    for segment in segments {
      switch segment {
      case .line(let to): words.append("L\(point(to))")
      case .curve(let c1, let c2, let to): words.append("C\(point(c1)) \(point(c2)) \(point(to))")
      }
    }
    if isClosed { words.append("Z") }
    return words.joined(separator: " ")
  }
}

extension Double {
  /// The number as SVG files here write it: up to four decimals, whole numbers without any.
  var svgText: String {
    let rounded = (self * 10_000).rounded() / 10_000
    guard rounded == rounded.rounded(), let whole = Int(exactly: rounded) else {
      return String(rounded)
    }
    return String(whole)
  }
}
