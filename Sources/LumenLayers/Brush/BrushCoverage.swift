import LumenCore

/// A stroke's centre line in a drawing's pixels: its segments, the part of the drawing each
/// one's tip can reach, and the part the whole stroke reaches. Made once per drawing, so
/// that a tile of it asks only the segments that reach the tile.
struct BrushPath: Sendable {
  let segments: [(SIMD2<Double>, SIMD2<Double>)]
  /// For each segment, the pixels its tip can touch (a pixel of margin), within the drawing.
  let reaches: [Rect]
  /// The union of `reaches`.
  let bounds: Rect
  let radius: Double
  let hardness: Double

  /// The path through `points` (pixels) with a tip of `radius` pixels and `hardness`, in a
  /// `width` x `height` drawing; nil when it draws nothing there. Points that are not numbers
  /// draw nothing; far ones are clipped.
  init?(points: [SIMD2<Double>], radius: Double, hardness: Double, width: Int, height: Int) {
    let points = points.filter { $0.x.isFinite && $0.y.isFinite }
    guard let first = points.first, radius.isFinite, radius > 0, width > 0, height > 0 else {
      return nil
    }
    let pairs =
      Swift.zip(points, points.dropFirst()).map { ($0, $1) }
      + (points.count == 1 ? [(first, first)] : [])
    var segments: [(SIMD2<Double>, SIMD2<Double>)] = []
    var reaches: [Rect] = []
    var bounds = Rect.empty
    for (a, b) in pairs {
      let low = pointwiseMin(a, b)
      let high = pointwiseMax(a, b)
      let minX = BrushCoverage.index((low.x - radius - 1).rounded(.down), within: width)
      let minY = BrushCoverage.index((low.y - radius - 1).rounded(.down), within: height)
      let maxX = BrushCoverage.index((high.x + radius + 1).rounded(.up), within: width)
      let maxY = BrushCoverage.index((high.y + radius + 1).rounded(.up), within: height)
      guard minX < maxX, minY < maxY else { continue }
      let reach = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
      segments.append((a, b))
      reaches.append(reach)
      bounds = bounds.isEmpty ? reach : bounds.union(reach)
    }
    guard !segments.isEmpty else { return nil }
    self.segments = segments
    self.reaches = reaches
    self.bounds = bounds
    self.radius = radius
    self.hardness = Swift.max(0, hardness)
  }
}

/// How much of each pixel a stroke's tip covers, in a window of the drawing.
///
/// A hard tip's coverage is the area of the pixel inside the stroke (the union of capsules
/// around its segments), integrated exactly along each of 16 lines a pixel: a capsule meets a
/// line in one interval, which the lines' pixels share by length. A soft tip's is a smooth
/// fall-off of the distance from the pixel's centre to the path. Either way a pixel's value
/// depends on the path, not on the window it is computed in (but for the last bits of float
/// sums).
struct BrushCoverage {
  /// The window: columns `minX..<minX+width`, rows `minY..<minY+height`.
  let minX: Int
  let minY: Int
  let width: Int
  let height: Int
  private(set) var values: [Float]
  /// For each row, the columns (of the window) that may be covered; the others are 0.
  private(set) var touched: [Range<Int>]

  /// Lines integrated per pixel row for hard tips: exact for straight edges, and within a
  /// level where an edge curves or turns inside a pixel.
  static let linesPerPixel = 16

  /// The coverage of `path` over the part of `window` its segments reach; nil where they
  /// reach none of it.
  init?(_ path: BrushPath, in window: Rect) {
    var segments: [(SIMD2<Double>, SIMD2<Double>)] = []
    var reached = Rect.empty
    for (segment, reach) in zip(path.segments, path.reaches) {
      let part = reach.intersection(window)
      guard !part.isEmpty else { continue }
      segments.append(segment)
      reached = reached.isEmpty ? part : reached.union(part)
    }
    guard !segments.isEmpty else { return nil }
    minX = reached.minX
    minY = reached.minY
    width = reached.width
    height = reached.height
    values = [Float](repeating: 0, count: width * height)
    touched = [Range<Int>](repeating: 0..<0, count: height)
    if path.hardness >= 1 {
      fillHard(segments, radius: path.radius)
    } else {
      fillSoft(segments, radius: path.radius, hardness: path.hardness)
    }
  }

  private mutating func fillHard(_ segments: [(SIMD2<Double>, SIMD2<Double>)], radius: Double) {
    let lines = Self.linesPerPixel
    // The stroke's top and bottom: where it starts and ends (or runs flat along a horizontal
    // edge), each pixel row is integrated over the part between them only.
    let top = segments.map { Swift.min($0.0.y, $0.1.y) }.min().map { $0 - radius } ?? 0
    let bottom = segments.map { Swift.max($0.0.y, $0.1.y) }.max().map { $0 + radius } ?? 0
    let capsules = segments.map { Capsule($0.0, $0.1, radius: radius) }
    // The capsules a row's lines may cross: a stroke's segments are short, so a row meets few.
    var active: [Capsule] = []
    var spans: [(Double, Double)] = []
    // Whole pixels inside a span gain its share through a running sum over the row's touched
    // columns; the partly covered ends are added directly.
    var steps = [Float](repeating: 0, count: width + 1)
    for row in 0..<height {
      let from = Swift.max(Double(minY + row), top)
      let to = Swift.min(Double(minY + row + 1), bottom)
      guard from < to else { continue }
      active.removeAll(keepingCapacity: true)
      for capsule in capsules where capsule.top <= to && capsule.bottom >= from {
        active.append(capsule)
      }
      guard !active.isEmpty else { continue }
      let share = Float((to - from) / Double(lines))
      for line in 0..<lines {
        let y = from + (Double(line) + 0.5) * (to - from) / Double(lines)
        spans.removeAll(keepingCapacity: true)
        for capsule in active {
          if let span = capsule.span(atY: y) { spans.append(span) }
        }
        guard !spans.isEmpty else { continue }
        spans.sort { $0.0 < $1.0 }
        var (start, end) = spans[0]
        for span in spans.dropFirst() {
          if span.0 <= end {
            end = Swift.max(end, span.1)
          } else {
            add(start, end, row: row, share: share, steps: &steps)
            (start, end) = span
          }
        }
        add(start, end, row: row, share: share, steps: &steps)
      }
      var running: Float = 0
      let base = row * width
      let columns = touched[row]
      values.withUnsafeMutableBufferPointer { values in
        steps.withUnsafeMutableBufferPointer { steps in
          for column in columns {
            running += steps[column]
            steps[column] = 0
            values[base + column] += running
          }
          steps[columns.upperBound] = 0
        }
      }
    }
  }

  /// Adds `share` times the length of `start...end` inside each pixel of the row: the end
  /// pixels directly, the whole ones between as a step up and down in `steps`.
  private mutating func add(
    _ start: Double, _ end: Double, row: Int, share: Float, steps: inout [Float]
  ) {
    let from = Swift.max(start - Double(minX), 0)
    let to = Swift.min(end - Double(minX), Double(width))
    guard from < to else { return }
    let first = Int(from.rounded(.down))
    let last = Swift.min(Int(to.rounded(.up)) - 1, width - 1)
    touch(first..<(last + 1), row: row)
    let base = row * width
    if first == last {
      values[base + first] += share * Float(to - from)
      return
    }
    values[base + first] += share * Float(Double(first + 1) - from)
    values[base + last] += share * Float(to - Double(last))
    if last > first + 1 {
      steps[first + 1] += share
      steps[last] -= share
    }
  }

  /// Widens the row's touched columns to include `columns`.
  private mutating func touch(_ columns: Range<Int>, row: Int) {
    let known = touched[row]
    touched[row] =
      known.isEmpty
      ? columns
      : Swift.min(
        known.lowerBound, columns.lowerBound)..<Swift.max(
          known.upperBound, columns.upperBound)
  }

  private mutating func fillSoft(
    _ segments: [(SIMD2<Double>, SIMD2<Double>)], radius: Double, hardness: Double
  ) {
    // The fall-off is at least a pixel wide, so that a nearly hard tip is not jagged.
    let inner = Swift.min(radius * hardness, radius - 1)
    // The squared distance to the path, segment by segment, over the pixels whose centres
    // lie in its capsule only (the others are a radius or more away from it). Squared, so
    // that the loop over a row's columns has no square root and vectorises.
    var nearest = [Double](repeating: .infinity, count: width * height)
    for (a, b) in segments {
      let delta = b - a
      let squared = (delta * delta).sum()
      let capsule = Capsule(a, b, radius: radius)
      let top = Self.index(
        (Swift.min(a.y, b.y) - radius).rounded(.down) - Double(minY), within: height)
      let bottom = Self.index(
        (Swift.max(a.y, b.y) + radius).rounded(.up) - Double(minY), within: height)
      for row in top..<bottom {
        let y = Double(minY + row) + 0.5
        guard let (start, end) = capsule.span(atY: y) else { continue }
        // Columns whose centres lie in start...end.
        let left = Self.index((start - 0.5).rounded(.up) - Double(minX), within: width)
        let right = Self.index((end - 0.5).rounded(.down) + 1 - Double(minX), within: width)
        guard left < right else { continue }
        touch(left..<right, row: row)
        let base = row * width
        let (ax, ay, dx, dy) = (a.x, a.y, delta.x, delta.y)
        nearest.withUnsafeMutableBufferPointer { nearest in
          // Scalars and selects only, so that the loop vectorises.
          for column in left..<right {
            // The nearest point of the segment to the pixel's centre, as `t` along it.
            let x = Double(minX + column) + 0.5
            let along = (x - ax) * dx + (y - ay) * dy
            let ratio = squared > 0 ? along / squared : 0
            let t = ratio > 0 ? (ratio < 1 ? ratio : 1) : 0
            let (ox, oy) = (x - (ax + t * dx), y - (ay + t * dy))
            let distance = ox * ox + oy * oy
            let known = nearest[base &+ column]
            nearest[base &+ column] = distance < known ? distance : known
          }
        }
      }
    }
    // Full strength within `inner`, none from `radius` on, a smooth step between.
    let (fall, touched) = (radius - inner, self.touched)
    nearest.withUnsafeBufferPointer { nearest in
      values.withUnsafeMutableBufferPointer { values in
        for row in 0..<height {
          for column in touched[row] {
            let index = row &* width &+ column
            let distance = nearest[index].squareRoot()
            let ramp = (radius - distance) / fall
            let t = distance <= inner ? 1 : (distance < radius ? ramp : 0)
            values[index] = Float(t * t * (3 - 2 * t))
          }
        }
      }
    }
  }

  /// A whole coordinate limited to 0...limit (a far point's window ends at the drawing's edge).
  static func index(_ coordinate: Double, within limit: Int) -> Int {
    Int(Swift.min(Swift.max(coordinate, 0), Double(limit)))
  }
}

/// The pixels within `radius` of a segment, with what every crossing of it needs worked out
/// once: its direction, normal and length, and the rows it spans.
private struct Capsule {
  let a: SIMD2<Double>
  let b: SIMD2<Double>
  let radius: Double
  /// The unit direction from `a` to `b` and its normal; zero for a dot.
  let direction: SIMD2<Double>
  let normal: SIMD2<Double>
  let length: Double
  let top: Double
  let bottom: Double

  init(_ a: SIMD2<Double>, _ b: SIMD2<Double>, radius: Double) {
    self.a = a
    self.b = b
    self.radius = radius
    let delta = b - a
    length = (delta * delta).sum().squareRoot()
    direction = length > 0 ? delta / length : .zero
    normal = SIMD2(-direction.y, direction.x)
    top = Swift.min(a.y, b.y) - radius
    bottom = Swift.max(a.y, b.y) + radius
  }

  /// Where the horizontal line at `y` crosses the capsule: the hull of its crossings with the
  /// two end discs and the body.
  @inline(__always)
  func span(atY y: Double) -> (Double, Double)? {
    let r = radius
    var low = Double.infinity
    var high = -Double.infinity
    @inline(__always) func disc(_ centre: SIMD2<Double>) {
      let dy = y - centre.y
      guard abs(dy) <= r else { return }
      let half = (r * r - dy * dy).squareRoot()
      low = Swift.min(low, centre.x - half)
      high = Swift.max(high, centre.x + half)
    }
    disc(a)
    disc(b)
    if length > 0 {
      let (d, n) = (direction, normal)
      // Across the body: |n · (p - a)| <= r; along it: 0 <= d · (p - a) <= length.
      var from = -Double.infinity
      var to = Double.infinity
      @inline(__always) func slab(
        _ normal: Double, _ offset: Double, _ lower: Double, _ upper: Double
      ) {
        if normal == 0 {
          if offset < lower || offset > upper { from = .infinity }
        } else {
          let p = a.x + (lower - offset) / normal
          let q = a.x + (upper - offset) / normal
          from = Swift.max(from, Swift.min(p, q))
          to = Swift.min(to, Swift.max(p, q))
        }
      }
      slab(n.x, n.y * (y - a.y), -r, r)
      slab(d.x, d.y * (y - a.y), 0, length)
      if from <= to {
        low = Swift.min(low, from)
        high = Swift.max(high, to)
      }
    }
    return low <= high ? (low, high) : nil
  }
}
