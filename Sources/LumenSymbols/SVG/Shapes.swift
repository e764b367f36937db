/// SVG's basic shapes as the paths SVG 2 defines for them (start point and direction
/// included): a rectangle from (x + rx, y) clockwise, a circle or ellipse from (cx + rx, cy)
/// clockwise, a polygon closed, a line and a polyline open.
enum Shapes {
  static func rectangle(
    x: Double, y: Double, width: Double, height: Double, rx: Double?, ry: Double?
  )
    -> Contour?
  {
    guard width > 0, height > 0 else { return nil }
    var rx = rx ?? ry ?? 0
    var ry = ry ?? rx
    rx = min(max(rx, 0), width / 2)
    ry = min(max(ry, 0), height / 2)
    let p = { (px: Double, py: Double) in PathPoint(px, py) }
    guard rx > 0, ry > 0 else {
      return Contour(
        start: p(x, y),
        segments: [
          .line(to: p(x + width, y)), .line(to: p(x + width, y + height)),
          .line(to: p(x, y + height)),
        ], isClosed: true)
    }
    func corner(_ from: PathPoint, _ to: PathPoint) -> [Contour.Segment] {
      Arc.cubics(from: from, to: to, rx: rx, ry: ry, rotation: 0, large: false, sweep: true)
    }
    var segments: [Contour.Segment] = [.line(to: p(x + width - rx, y))]
    segments += corner(p(x + width - rx, y), p(x + width, y + ry))
    segments.append(.line(to: p(x + width, y + height - ry)))
    segments += corner(p(x + width, y + height - ry), p(x + width - rx, y + height))
    segments.append(.line(to: p(x + rx, y + height)))
    segments += corner(p(x + rx, y + height), p(x, y + height - ry))
    segments.append(.line(to: p(x, y + ry)))
    segments += corner(p(x, y + ry), p(x + rx, y))
    return Contour(start: p(x + rx, y), segments: segments, isClosed: true)
  }

  static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> Contour? {
    guard rx > 0, ry > 0 else { return nil }
    let points = [
      PathPoint(cx + rx, cy), PathPoint(cx, cy + ry), PathPoint(cx - rx, cy),
      PathPoint(cx, cy - ry),
    ]
    var segments: [Contour.Segment] = []
    for (index, from) in points.enumerated() {
      segments += Arc.cubics(
        from: from, to: points[(index + 1) % 4], rx: rx, ry: ry, rotation: 0, large: false,
        sweep: true)
    }
    return Contour(start: points[0], segments: segments, isClosed: true)
  }

  static func polyline(_ points: [PathPoint], closed: Bool) -> Contour? {
    guard let first = points.first, points.count > 1 else { return nil }
    return Contour(
      start: first, segments: points.dropFirst().map { .line(to: $0) }, isClosed: closed)
  }
}
