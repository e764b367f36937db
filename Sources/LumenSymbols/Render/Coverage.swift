/// How much of each pixel a filled shape covers, exactly for its polygon (cubics flattened to
/// within a fiftieth of a pixel): each edge adds the signed area it sweeps to the cells it
/// crosses and the running sum along a row is the winding, folded by the fill rule.
struct Coverage {
  let width: Int
  let height: Int
  /// Signed areas, one more column than the picture for edges at its right side.
  private var cells: [Float]
  /// The rows and cells edges touched, to read and clear only those (past the last cell a
  /// row's winding is back to nothing: every path is closed).
  private(set) var rows: Range<Int> = 0..<0
  private var columns: Range<Int> = 0..<0

  /// The pixels a fill reads: the touched rows times the touched cells.
  var area: Int { rows.count * columns.count }

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = [Float](repeating: 0, count: (width + 2) * height)
  }

  /// Adds `contours` (closed whether or not they say so), mapped by `transform` into pixels.
  mutating func add(_ contours: [Contour], transform: PathTransform) {
    for contour in contours {
      var current = transform.apply(contour.start)
      for segment in contour.segments {
        switch segment {
        case .line(let to):
          let end = transform.apply(to)
          edge(current, end)
          current = end
        case .curve(let c1, let c2, let to):
          let (p1, p2, p3) = (transform.apply(c1), transform.apply(c2), transform.apply(to))
          flatten(current, p1, p2, p3)
          current = p3
        }
      }
      edge(current, transform.apply(contour.start))
    }
  }

  /// The coverage of row `y` (0...1 per pixel) by `rule`, passed to `body` pixel by pixel.
  func row(_ y: Int, rule: FillRule, _ body: (Int, Float) -> Void) {
    var sum: Float = 0
    let base = y * (width + 2)
    for x in columns.lowerBound..<min(columns.upperBound, width) {
      sum += cells[base + x]
      let winding = abs(sum)
      let covered: Float
      switch rule {
      case .nonzero: covered = min(winding, 1)
      case .evenodd:
        let folded = winding.truncatingRemainder(dividingBy: 2)
        covered = folded > 1 ? 2 - folded : folded
      }
      if covered > 0 { body(x, covered) }
    }
  }

  /// Clears what was added, for the next shape.
  mutating func clear() {
    for y in rows {
      let base = y * (width + 2)
      for x in columns { cells[base + x] = 0 }
    }
    rows = 0..<0
    columns = 0..<0
  }

  /// A cubic as lines, as many as keep it within a fiftieth of a pixel (at most 1000).
  private mutating func flatten(_ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, _ p3: PathPoint)
  {
    let bend = max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
    let steps = max(1, min(1000, Int((0.75 * bend / 0.02).squareRoot().rounded(.up))))
    var previous = p0
    for step in 1...steps {
      let t = Double(step) / Double(steps)
      let u = 1 - t
      let point =
        p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
      edge(previous, point)
      previous = point
    }
  }

  /// Adds one edge: its winding direction times the area it sweeps, per cell. Left of the
  /// picture counts at its left column (the winding still applies to the row), right of it
  /// at the spare column; above and below are cut off.
  private mutating func edge(_ a: PathPoint, _ b: PathPoint) {
    guard a.y != b.y, a.isFinite, b.isFinite else { return }
    let (direction, top, bottom): (Float, PathPoint, PathPoint) = a.y < b.y ? (1, a, b) : (-1, b, a)
    let first = max(0, Int(top.y.rounded(.down)))
    let last = min(height, Int(bottom.y.rounded(.up)))
    guard first < last else { return }
    rows = rows.isEmpty ? first..<last : min(rows.lowerBound, first)..<max(rows.upperBound, last)
    let slope = (bottom.x - top.x) / (bottom.y - top.y)
    let limit = Double(width)
    for y in first..<last {
      let y0 = max(Double(y), top.y)
      let y1 = min(Double(y + 1), bottom.y)
      let x0 = min(max(top.x + (y0 - top.y) * slope, 0), limit)
      let x1 = min(max(top.x + (y1 - top.y) * slope, 0), limit)
      sweep(row: y, x0, x1, Float(y1 - y0) * direction)
    }
  }

  /// Spreads `height` (signed) of an edge running from x0 to x1 within one row over its
  /// cells: the running sum at a pixel is to be the height times the share of the pixel right
  /// of the edge, so each cell gets that share less its left neighbour's.
  private mutating func sweep(row y: Int, _ xa: Double, _ xb: Double, _ height: Float) {
    let base = y * (width + 2)
    let (x0, x1) = xa < xb ? (xa, xb) : (xb, xa)
    let span = x1 - x0
    // The share of pixel `cell` right of the edge, averaged along the edge.
    func share(_ cell: Int) -> Double {
      let side = Double(cell + 1)
      guard span > 1e-9 else { return min(max(side - x0, 0), 1) }
      return (Self.ramp(side - x0) - Self.ramp(side - x1)) / span
    }
    var previous = 0.0
    let touched = Int(x0.rounded(.down))...Int(x1.rounded(.up))
    columns =
      columns.isEmpty
      ? touched.lowerBound..<(touched.upperBound + 1)
      : min(
        columns.lowerBound, touched.lowerBound)..<max(columns.upperBound, touched.upperBound + 1)
    for cell in touched {
      let current = share(cell)
      cells[base + cell] += height * Float(current - previous)
      previous = current
    }
  }

  /// The integral of min(max(v, 0), 1) from 0 to `v`.
  private static func ramp(_ v: Double) -> Double { v <= 0 ? 0 : v < 1 ? v * v / 2 : v - 0.5 }
}
