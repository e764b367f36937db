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

  /// Whether the tip can touch a pixel of `rect`: some segment's capsule, a pixel wider (the
  /// margin of `reaches`), meets the pixels' area. Finer than the segments' bounding boxes,
  /// which a long slanted stroke fills mostly with tiles it misses.
  func reaches(_ rect: Rect) -> Bool {
    let box = (
      low: SIMD2(Double(rect.minX), Double(rect.minY)),
      high: SIMD2(Double(rect.maxX), Double(rect.maxY))
    )
    let reach = radius + 1
    for i in segments.indices where !reaches[i].intersection(rect).isEmpty {
      // Not surely farther (a distance that is not a number counts as near).
      if !(Self.distance(from: segments[i], to: box) >= reach) { return true }
    }
    return false
  }

  /// The distance between segment `s` and the box (0 where they meet): between disjoint
  /// convex shapes it is the distance from a vertex of one to the other.
  private static func distance(
    from s: (SIMD2<Double>, SIMD2<Double>), to box: (low: SIMD2<Double>, high: SIMD2<Double>)
  ) -> Double {
    if crosses(s, box) { return 0 }
    func toBox(_ p: SIMD2<Double>) -> Double {
      let outside = pointwiseMax(pointwiseMax(box.low - p, p - box.high), .zero)
      return (outside * outside).sum().squareRoot()
    }
    let delta = s.1 - s.0
    let length = (delta * delta).sum()
    // A segment too long to measure in doubles (points ~1e308 apart) counts as meeting it.
    guard length.isFinite else { return 0 }
    func toSegment(_ p: SIMD2<Double>) -> Double {
      let t = length > 0 ? Swift.min(Swift.max(((p - s.0) * delta).sum() / length, 0), 1) : 0
      let offset = p - (s.0 + t * delta)
      return (offset * offset).sum().squareRoot()
    }
    return Swift.min(
      Swift.min(toBox(s.0), toBox(s.1)),
      Swift.min(
        Swift.min(toSegment(box.low), toSegment(box.high)),
        Swift.min(
          toSegment(SIMD2(box.high.x, box.low.y)), toSegment(SIMD2(box.low.x, box.high.y)))))
  }

  /// Whether segment `s` meets the box: the part of it within both slabs (Liang-Barsky) is
  /// not empty.
  private static func crosses(
    _ s: (SIMD2<Double>, SIMD2<Double>), _ box: (low: SIMD2<Double>, high: SIMD2<Double>)
  ) -> Bool {
    let delta = s.1 - s.0
    var (from, to) = (0.0, 1.0)
    for axis in 0..<2 {
      if delta[axis] == 0 {
        if s.0[axis] < box.low[axis] || s.0[axis] > box.high[axis] { return false }
        continue
      }
      let a = (box.low[axis] - s.0[axis]) / delta[axis]
      let b = (box.high[axis] - s.0[axis]) / delta[axis]
      from = Swift.max(from, Swift.min(a, b))
      to = Swift.min(to, Swift.max(a, b))
    }
    return from <= to
  }
}

/// How much of each pixel a stroke's tip covers, in a window of the drawing.
///
/// A hard tip's coverage is the area of the pixel inside the stroke (the union of capsules
/// around its segments), integrated exactly along each of 16 lines a pixel: a capsule meets a
/// line in one interval, which the lines' pixels share by length. A soft tip's is a smooth
/// fall-off of the distance from the pixel's centre to the path.
///
/// Only runs of the columns a row's crossings reach are held, so a window as wide as the drawing
/// costs what the stroke covers in it, and a row's values depend on the path and the row
/// alone, not on the window's columns (its sums run from the row's first crossing): tiles
/// that share a band of rows can share its coverage.
struct BrushCoverage {
  /// The window: columns `minX..<minX+width`, rows `minY..<minY+height`.
  let minX: Int
  let minY: Int
  let width: Int
  let height: Int
  /// Runs of columns that may be covered, row after row, left to right; the others are 0.
  private(set) var runs: [Run] = []
  /// The values of every run's columns, run after run.
  private(set) var values: [Float] = []
  /// The columns the runs reach, from the leftmost to the rightmost.
  private(set) var reached = 0..<0

  struct Run {
    /// The row (of the drawing).
    let y: Int
    let columns: Range<Int>
    /// Where its values start in `values`.
    let start: Int
  }

  /// Lines integrated per pixel row for hard tips: exact for straight edges, and within a
  /// level where an edge curves or turns inside a pixel.
  static let linesPerPixel = 16

  /// The coverage of `path` over the part of `window` its segments reach; nil where they
  /// reach none of it.
  init?(_ path: BrushPath, in window: Rect) {
    var segments: [(SIMD2<Double>, SIMD2<Double>)] = []
    // The heights of the segments that reach the window's rows, in any column: they bound
    // the lines a row is integrated along, so that a window narrower than the drawing sees
    // the same lines as a wide one.
    var heights: [(top: Double, bottom: Double)] = []
    var reached = Rect.empty
    // At most every pixel of every segment's part of the window is held: room for them all,
    // so that the values never move as they grow (the room is only address space until
    // written).
    var most = 0
    let rows = window.minY..<window.maxY
    for (segment, reach) in zip(path.segments, path.reaches)
    where reach.minY < rows.upperBound && reach.maxY > rows.lowerBound {
      heights.append(
        (
          Swift.min(segment.0.y, segment.1.y) - path.radius,
          Swift.max(segment.0.y, segment.1.y) + path.radius
        ))
      let part = reach.intersection(window)
      guard !part.isEmpty else { continue }
      segments.append(segment)
      reached = reached.isEmpty ? part : reached.union(part)
      most += part.width * part.height
    }
    guard !segments.isEmpty else { return nil }
    minX = reached.minX
    minY = reached.minY
    width = reached.width
    height = reached.height
    values.reserveCapacity(Swift.min(most, width * height))
    if path.hardness >= 1 {
      fillHard(segments, radius: path.radius, heights: heights)
    } else {
      fillSoft(segments, radius: path.radius, hardness: path.hardness)
    }
  }

  /// The coverage of pixel (`x`, `y`) of the drawing, 0 outside the window.
  func value(x: Int, y: Int) -> Float {
    guard let run = runs.first(where: { $0.y == y && $0.columns.contains(x) }) else { return 0 }
    return values[run.start + x - run.columns.lowerBound]
  }

  /// Adds row `y`'s runs: the columns that `pieces` (intervals of the row, sorted by their
  /// start) cover, runs that would touch made one, their values zero.
  private mutating func addRuns(ofRow y: Int, _ pieces: [(Double, Double)]) -> ArraySlice<Run> {
    let first = runs.count
    var current: Range<Int>? = nil
    for (start, end) in pieces where start < end {
      let columns = Int(start.rounded(.down))..<Int(end.rounded(.up))
      if let known = current, columns.lowerBound <= known.upperBound {
        current = known.lowerBound..<Swift.max(known.upperBound, columns.upperBound)
      } else {
        if let known = current { addRun(y, known) }
        current = columns
      }
    }
    if let known = current { addRun(y, known) }
    return runs[first..<runs.count]
  }

  private mutating func addRun(_ y: Int, _ columns: Range<Int>) {
    runs.append(Run(y: y, columns: columns, start: values.count))
    reached =
      reached.isEmpty
      ? columns
      : Swift.min(
        reached.lowerBound, columns.lowerBound)..<Swift.max(
          reached.upperBound, columns.upperBound)
    values.append(contentsOf: repeatElement(0, count: columns.count))
  }

  private mutating func fillHard(
    _ segments: [(SIMD2<Double>, SIMD2<Double>)], radius: Double,
    heights: [(top: Double, bottom: Double)]
  ) {
    let lines = Self.linesPerPixel
    let capsules = segments.map { Capsule($0.0, $0.1, radius: radius) }
    let (left, right) = (Double(minX), Double(minX + width))
    // The capsules a row's lines may cross: a stroke's segments are short, so a row meets few.
    var active: [Capsule] = []
    var spans: [(Double, Double)] = []
    // The merged crossings of a row's lines, clipped to the window.
    var pieces: [(Double, Double)] = []
    // Whole pixels inside a piece gain its share through a running sum over the row; the
    // partly covered ends are added directly. The steps are 0 between runs, so that a run
    // needs only the room for its own.
    var steps: [Float] = []
    // Arrays are read by index: iterating them retained and released each, row after row and
    // line after line.
    for row in 0..<height {
      pieces.removeAll(keepingCapacity: true)
      active.removeAll(keepingCapacity: true)
      let (y0, y1) = (Double(minY + row), Double(minY + row + 1))
      for i in capsules.indices where capsules[i].top <= y1 && capsules[i].bottom >= y0 {
        active.append(capsules[i])
      }
      // Where the capsules crossing the row start and end (or run flat along a horizontal
      // edge), the row is integrated over the part between them only: from every capsule
      // crossing the row, in the window or not, so that every window sees the same lines.
      var (from, to) = (y1, y0)
      for i in heights.indices where heights[i].top <= y1 && heights[i].bottom >= y0 {
        from = Swift.min(from, heights[i].top)
        to = Swift.max(to, heights[i].bottom)
      }
      (from, to) = (Swift.max(y0, from), Swift.min(y1, to))
      if from >= to { active.removeAll() }
      for line in 0..<(active.isEmpty ? 0 : lines) {
        let y = from + (Double(line) + 0.5) * (to - from) / Double(lines)
        spans.removeAll(keepingCapacity: true)
        for i in active.indices {
          if let span = active[i].span(atY: y) { spans.append(span) }
        }
        guard !spans.isEmpty else { continue }
        if spans.count > 1 { spans.sort { $0.0 < $1.0 } }
        var (start, end) = spans[0]
        for i in spans.indices.dropFirst() {
          if spans[i].0 <= end {
            end = Swift.max(end, spans[i].1)
          } else {
            pieces.append((start, end))
            (start, end) = spans[i]
          }
        }
        pieces.append((start, end))
      }
      // Clipped to the window, in order.
      for i in pieces.indices {
        pieces[i] = (Swift.max(pieces[i].0, left), Swift.min(pieces[i].1, right))
      }
      pieces.sort { $0.0 < $1.0 }
      let share = Float((to - from) / Double(lines))
      for run in addRuns(ofRow: minY + row, pieces) {
        let count = run.columns.count
        if steps.count <= count {
          steps.append(contentsOf: repeatElement(0, count: count + 1 - steps.count))
        }
        values.withUnsafeMutableBufferPointer { values in
          steps.withUnsafeMutableBufferPointer { steps in
            let origin = Double(run.columns.lowerBound)
            for i in pieces.indices {
              let (start, end) = pieces[i]
              guard start < end, start >= origin, end <= Double(run.columns.upperBound) else {
                continue
              }
              // Columns of the run: the end pixels directly, the whole ones between as a
              // step up and down.
              let (from, to) = (start - origin, end - origin)
              let first = run.start + Int(from.rounded(.down))
              let last = run.start + Swift.min(Int(to.rounded(.up)) - 1, count - 1)
              if first == last {
                values[first] += share * Float(to - from)
                continue
              }
              values[first] += share * Float(Double(first - run.start + 1) - from)
              values[last] += share * Float(to - Double(last - run.start))
              if last > first + 1 {
                steps[first - run.start + 1] += share
                steps[last - run.start] -= share
              }
            }
            if let steps = steps.baseAddress, let values = values.baseAddress {
              Self.addRunningSum(of: steps, to: values + run.start, count: count)
            }
          }
        }
      }
    }
  }

  /// Adds to each of `count` values the sum of `steps` up to its own, and sets the steps to
  /// 0: eight at a time where the steps are 0 (most of a stroke's row: they change only where
  /// a piece starts or ends), so the sum does not wait on each column in turn. The same sums
  /// as column by column.
  private static func addRunningSum(
    of steps: UnsafeMutablePointer<Float>, to values: UnsafeMutablePointer<Float>, count: Int
  ) {
    typealias Eight = SIMD8<Float>
    var running: Float = 0
    var column = 0
    while column + Eight.scalarCount <= count {
      let step = UnsafeRawPointer(steps + column).loadUnaligned(as: Eight.self)
      let raw = UnsafeMutableRawPointer(values + column)
      if step == Eight() {
        raw.storeBytes(of: raw.loadUnaligned(as: Eight.self) + running, as: Eight.self)
      } else {
        for index in column..<(column + Eight.scalarCount) {
          running += steps[index]
          values[index] += running
          steps[index] = 0
        }
      }
      column += Eight.scalarCount
    }
    for index in column..<count {
      running += steps[index]
      values[index] += running
      steps[index] = 0
    }
  }

  private mutating func fillSoft(
    _ segments: [(SIMD2<Double>, SIMD2<Double>)], radius: Double, hardness: Double
  ) {
    // The fall-off is at least a pixel wide, so that a nearly hard tip is not jagged.
    let full = Swift.min(radius * hardness, radius - 1)
    let (inner, outer, fall) = (Float(full), Float(radius), Float(radius - full))
    let capsules = segments.map { Capsule($0.0, $0.1, radius: radius) }
    // The columns whose centres lie in each segment's capsule on the row (the others are a
    // radius or more away from it), and their squared distances to the path. Squared, so
    // that the loop over a row's columns has no square root and vectorises, eight floats a
    // vector.
    var reached: [(segment: Int, columns: Range<Int>)] = []
    var nearest: [Float] = []
    for row in 0..<height {
      let y = Double(minY + row) + 0.5
      reached.removeAll(keepingCapacity: true)
      for (i, capsule) in capsules.enumerated() where capsule.top <= y && capsule.bottom >= y {
        guard let (start, end) = capsule.span(atY: y) else { continue }
        let left = Self.index((start - 0.5).rounded(.up) - Double(minX), within: width)
        let right = Self.index((end - 0.5).rounded(.down) + 1 - Double(minX), within: width)
        if left < right { reached.append((i, (minX + left)..<(minX + right))) }
      }
      reached.sort { $0.columns.lowerBound < $1.columns.lowerBound }
      let runs = addRuns(
        ofRow: minY + row,
        reached.map { (Double($0.columns.lowerBound), Double($0.columns.upperBound)) })
      for run in runs {
        nearest.removeAll(keepingCapacity: true)
        nearest.append(contentsOf: repeatElement(.infinity, count: run.columns.count))
        nearest.withUnsafeMutableBufferPointer { nearest in
          for (segment, span) in reached where run.columns.contains(span.lowerBound) {
            let (a, b) = segments[segment]
            let delta = b - a
            let length = (delta * delta).sum().squareRoot()
            // The span's first pixel centre, measured from the segment's end nearer to it:
            // `along` the segment (into it) and `across` it. Near the span both are small, so
            // floats hold them to a small fraction of a pixel, whatever the segment's length
            // (a far end only decides which part of the segment is nearest, with room to
            // spare).
            let first = SIMD2(Double(span.lowerBound) + 0.5, y)
            let fromA = ((first - a) * (first - a)).sum() <= ((first - b) * (first - b)).sum()
            let (end, direction) =
              length > 0 ? (fromA ? (a, delta / length) : (b, -delta / length)) : (a, SIMD2(1, 0))
            let normal = SIMD2(-direction.y, direction.x)
            let (along, across) = (
              Float(((first - end) * direction).sum()), Float(((first - end) * normal).sum())
            )
            let (alongStep, acrossStep, extent) = (
              Float(direction.x), Float(normal.x), Float(length)
            )
            let offset = span.lowerBound &- run.columns.lowerBound
            // Scalars and selects only, so that the loop vectorises.
            for i in 0..<span.count {
              let s = along + Float(i) * alongStep
              let q = across + Float(i) * acrossStep
              // How far past the segment's ends the pixel lies along it (0 beside it).
              let past = s < 0 ? s : (s > extent ? s - extent : 0)
              let distance = past * past + q * q
              let known = nearest[offset &+ i]
              nearest[offset &+ i] = distance < known ? distance : known
            }
          }
        }
        // Full strength within `inner`, none from `outer` (the radius) on, a smooth step
        // between.
        nearest.withUnsafeBufferPointer { nearest in
          values.withUnsafeMutableBufferPointer { values in
            for i in 0..<run.columns.count {
              let distance = nearest[i].squareRoot()
              let ramp = (outer - distance) / fall
              let t = distance <= inner ? 1 : (distance < outer ? ramp : 0)
              values[run.start &+ i] = t * t * (3 - 2 * t)
            }
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
  /// One over the normal's and the direction's horizontal parts: a crossing multiplies by
  /// them instead of dividing (only where they are not 0).
  let reciprocals: SIMD2<Double>
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
    reciprocals = 1 / SIMD2(normal.x, direction.x)
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
        _ normal: Double, _ reciprocal: Double, _ offset: Double, _ lower: Double,
        _ upper: Double
      ) {
        if normal == 0 {
          if offset < lower || offset > upper { from = .infinity }
        } else {
          let p = a.x + (lower - offset) * reciprocal
          let q = a.x + (upper - offset) * reciprocal
          from = Swift.max(from, Swift.min(p, q))
          to = Swift.min(to, Swift.max(p, q))
        }
      }
      slab(n.x, reciprocals.x, n.y * (y - a.y), -r, r)
      slab(d.x, reciprocals.y, d.y * (y - a.y), 0, length)
      if from <= to {
        low = Swift.min(low, from)
        high = Swift.max(high, to)
      }
    }
    return low <= high ? (low, high) : nil
  }
}
