/// The squared distance from each pixel of a drawing grown by `pad` on every side to the
/// nearest inked pixel (alpha of at least a half), exact up to `pad` squared; a pixel farther
/// than `pad` from all ink holds `(pad + 1)` squared or more. Worked out band of rows after
/// band, top to bottom, so that a caption's outline holds a band of distances at a time
/// instead of a float for every pixel.
///
/// Columns first, where the shape is still two-valued (two sweeps: the nearest ink above and
/// below, counted up to `pad + 1`), then rows (within ``directReach``, the least of
/// each window; wider, the lower envelope of parabolas). Exact either way round: the minimum
/// over ink pixels of dx^2 + dy^2 is the minimum over columns of dx^2 plus that column's least
/// dy^2. Every value within reach is a whole number below 2^24, exact in a `Float`.
///
/// A band reads the ink of its own rows and of the `pad` rows below it, never of rows above
/// it, so the drawing's rows may be painted over once their band is worked out.
struct InkDistances {
  /// Up to this reach (in pixels) the row pass takes the least over each pixel's window
  /// directly, in a few vectorised passes; farther, through the lower envelope of parabolas,
  /// whose cost does not grow with the reach.
  static let directReach = 32

  /// The drawing's straight RGBA bytes (its first pixel's, rows `bytesPerRow` apart), its
  /// size and the padding.
  private let source: UnsafePointer<UInt8>?
  private let bytesPerRow: Int
  let width: Int
  let height: Int
  let pad: Int
  private let directReach: Int
  /// The grown drawing's size.
  var columns: Int { width + 2 * pad }
  var rows: Int { height + 2 * pad }
  /// The count that stands for "beyond reach" along a column.
  private var far: Float { Float(pad + 1) }
  /// The inked columns' span (empty without ink), and the grown rows within `pad` of an
  /// inked row: only those can be within reach of ink.
  private let inkedColumns: Range<Int>
  private let reached: [Bool]
  /// Each column's distance to the ink above, as the downward sweep left it at ``nextRow``.
  private var above: [Float]
  private(set) var nextRow = 0

  init(
    inkOf source: UnsafeRawPointer?, bytesPerRow: Int, width: Int, height: Int, pad: Int,
    directReach: Int = InkDistances.directReach
  ) {
    let alpha = source?.assumingMemoryBound(to: UInt8.self)
    self.source = alpha
    self.bytesPerRow = bytesPerRow
    self.width = width
    self.height = height
    self.pad = pad
    self.directReach = directReach
    var (firstInked, lastInked) = (width, -1)
    var reached = [Bool](repeating: false, count: height + 2 * pad)
    for sy in 0..<height {
      guard let row = alpha.map({ $0 + sy * bytesPerRow + 3 }),
        let first = (0..<width).first(where: { row[$0 * 4] >= 128 })
      else { continue }
      let last = (first..<width).last { row[$0 * 4] >= 128 } ?? first
      (firstInked, lastInked) = (min(firstInked, first), max(lastInked, last))
      for y in sy...(sy + 2 * pad) { reached[y] = true }
    }
    inkedColumns = firstInked <= lastInked ? firstInked..<(lastInked + 1) : 0..<0
    self.reached = reached
    above = [Float](repeating: Float(pad + 1), count: width)
  }

  /// The next `count` rows' squared distances (from ``nextRow``, `columns` values a row) into
  /// `squared`, which holds at least that many.
  mutating func next(_ count: Int, into squared: UnsafeMutableBufferPointer<Float>) {
    let band = nextRow..<min(nextRow + count, rows)
    nextRow = band.upperBound
    let (columns, pad, far) = (self.columns, self.pad, self.far)
    for index in 0..<(band.count * columns) { squared[index] = far * far }
    guard !inkedColumns.isEmpty, !band.isEmpty else { return }
    // Down the columns (carried on from the band above), then back up from `pad` rows below
    // the band's last: ink farther away is beyond reach.
    var above: [Float] = []
    swap(&above, &self.above)
    above.withUnsafeMutableBufferPointer { above in
      for y in band { sweep(row: y, band: band, run: above, into: squared) }
    }
    swap(&above, &self.above)
    var below = [Float](repeating: far, count: width)
    below.withUnsafeMutableBufferPointer { below in
      for y in stride(
        from: min(rows - 1, band.upperBound - 1 + pad), through: band.lowerBound, by: -1)
      {
        sweep(row: y, band: band, run: below, into: squared)
      }
    }
    // Along the rows, over the (grown) columns within `pad` of an inked one only: the others
    // are farther than `pad` from all ink and keep their value beyond it.
    let span = inkedColumns.lowerBound..<(inkedColumns.upperBound + 2 * pad)
    func row(_ y: Int) -> UnsafeMutableBufferPointer<Float> {
      let start = (y - band.lowerBound) * columns
      return UnsafeMutableBufferPointer(
        rebasing: squared[(start + span.lowerBound)..<(start + span.upperBound)])
    }
    let reachedRows = band.filter { reached[$0] }
    if pad <= directReach {
      var window = [Float](repeating: far * far, count: span.count + 2 * pad)
      for y in reachedRows { Self.leastInWindow(row(y), pad: pad, scratch: &window) }
    } else {
      var wide = [Double](repeating: 0, count: span.count)
      var (vertices, bounds, values) = (
        [Int](repeating: 0, count: span.count), [Double](repeating: 0, count: span.count + 1),
        [Double](repeating: 0, count: span.count)
      )
      for y in reachedRows {
        let f = row(y)
        for p in f.indices { wide[p] = Double(f[p]) }
        wide.withUnsafeMutableBufferPointer {
          Self.lowerEnvelope($0, vertices: &vertices, bounds: &bounds, values: &values)
        }
        for p in f.indices { f[p] = Float(wide[p]) }
      }
    }
  }

  /// One row of a column sweep: each column's count since its last ink (0 on ink, at most
  /// `pad + 1`) in `run`, and its square into the row's value where the row is in `band`.
  @inline(__always)
  private func sweep(
    row y: Int, band: Range<Int>, run: UnsafeMutableBufferPointer<Float>,
    into squared: UnsafeMutableBufferPointer<Float>
  ) {
    let far = self.far
    let sy = y - pad
    let inks = sy >= 0 && sy < height ? source.map { $0 + sy * bytesPerRow + 3 } : nil
    for sx in 0..<width {
      let inked = inks.map { $0[sx &* 4] >= 128 } ?? false
      run[sx] = inked ? 0 : min(run[sx] + 1, far)
    }
    guard band.contains(y) else { return }
    let out = (y - band.lowerBound) * columns + pad
    for sx in 0..<width { squared[out &+ sx] = min(squared[out &+ sx], run[sx] * run[sx]) }
  }

  /// `f` becomes `min over |d| <= pad of f(p + d) + d^2`, taking values outside it as they
  /// are in `scratch` (of `f.count + 2 * pad` elements, whose ends hold a value beyond reach):
  /// one vectorised pass a distance.
  static func leastInWindow(
    _ f: UnsafeMutableBufferPointer<Float>, pad: Int, scratch: inout [Float]
  ) {
    scratch.withUnsafeMutableBufferPointer { g in
      for p in f.indices { g[p &+ pad] = f[p] }
      for d in stride(from: 1, through: pad, by: 1) {
        let lift = Float(d * d)
        for p in f.indices {
          f[p] = min(f[p], min(g[p &+ pad &- d], g[p &+ pad &+ d]) + lift)
        }
      }
    }
  }

  /// The one-dimensional squared distance transform of `f` in place (Felzenszwalb and
  /// Huttenlocher): `min over q of (p - q)^2 + f(q)`, through the lower envelope of the
  /// parabolas. `vertices` and `values` are scratch of at least `f.count` elements, `bounds`
  /// of one more.
  static func lowerEnvelope(
    _ f: UnsafeMutableBufferPointer<Double>, vertices: inout [Int], bounds: inout [Double],
    values: inout [Double]
  ) {
    let n = f.count
    guard n > 1 else { return }
    var k = 0
    vertices[0] = 0
    bounds[0] = -.infinity
    bounds[1] = .infinity
    for q in 1..<n {
      var s: Double
      repeat {
        let v = vertices[k]
        s = ((f[q] + Double(q * q)) - (f[v] + Double(v * v))) / Double(2 * q - 2 * v)
        if s <= bounds[k] { k -= 1 } else { break }
      } while k >= 0
      k += 1
      vertices[k] = q
      bounds[k] = s
      bounds[k + 1] = .infinity
    }
    // The vertices' values, kept before the points they serve are overwritten.
    for index in 0...k { values[index] = f[vertices[index]] }
    k = 0
    for p in 0..<n {
      while bounds[k + 1] < Double(p) { k += 1 }
      let d = Double(p - vertices[k])
      f[p] = d * d + values[k]
    }
  }
}
