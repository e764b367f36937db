import LumenCore

/// An outline around drawn text: every pixel within a width of the glyphs' edges, in one
/// colour, under the text. Distances come from an exact Euclidean distance transform of the
/// glyphs' shape (alpha of at least a half), so the outline is round at any width.
public enum TextOutline {
  /// The widest outline, in pixels.
  public static let maxWidth = 512.0

  /// Up to this reach (in pixels) the row pass takes the least over each pixel's window
  /// directly, in a few vectorised passes; farther, through the lower envelope of parabolas,
  /// whose cost does not grow with the reach.
  static let directReach = 32

  /// `text` (straight RGBA) grown by `width` pixels on every side, with an outline `width`
  /// pixels wide in `color` (straight alpha `opacity`) under it.
  public static func outlined(
    _ text: Bitmap, width: Double, color: SIMD3<UInt8>, opacity: Double
  ) -> Bitmap {
    let w = min(max(width.isFinite ? width : 0, 0), maxWidth)
    let pad = Int(w.rounded(.up)) + 1
    let (columns, rows) = (text.width + 2 * pad, text.height + 2 * pad)
    let painter = Painter(
      reach: Float(w + 0.5), ring: Float(min(max(opacity.isFinite ? opacity : 0, 0), 1)),
      color: SIMD3<Float>(color))
    return text.withUnsafeBytes { source in
      let squared = squaredDistances(
        toInkOf: source, width: text.width, height: text.height, pad: pad)
      return Bitmap(width: columns, height: rows, format: .rgba8) { bytes in
        guard let out = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let ink = source.baseAddress?.assumingMemoryBound(to: UInt8.self)
        squared.withUnsafeBufferPointer { squared in
          guard let squared = squared.baseAddress else { return }
          for y in 0..<rows {
            let (row, sy) = (y * columns, y - pad)
            guard let ink, sy >= 0, sy < text.height else {
              painter.outline(squared + row, count: columns, into: out + row * 4)
              continue
            }
            painter.outline(squared + row, count: pad, into: out + row * 4)
            painter.text(
              ink + sy * text.width * 4, over: squared + row + pad, count: text.width,
              into: out + (row + pad) * 4)
            let right = row + pad + text.width
            painter.outline(squared + right, count: pad, into: out + right * 4)
          }
        }
      }
    }
  }

  /// Turns squared distances into straight RGBA: the outline's coverage (a pixel within the
  /// width is outline, its last half pixel fades out), with the text over it where there is
  /// text. Whole runs of pixels without a branch, so that the loops vectorise.
  private struct Painter {
    /// The width plus the half pixel of fading.
    let reach: Float
    /// The outline's opacity.
    let ring: Float
    /// The outline's colour, 0...255.
    let color: SIMD3<Float>

    /// `count` pixels where there is no text: outline only.
    func outline(
      _ squared: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
      for i in 0..<count {
        let cover = coverage(squared[i], atLeast: 0)
        let shown: Float = cover > 0 ? 1 : 0
        out[i &* 4] = FastMath.byte(color.x * shown)
        out[i &* 4 &+ 1] = FastMath.byte(color.y * shown)
        out[i &* 4 &+ 2] = FastMath.byte(color.z * shown)
        out[i &* 4 &+ 3] = FastMath.byte(cover * 255)
      }
    }

    /// `count` pixels over the text's straight RGBA `ink`: the text over its outline (its own
    /// antialiased edge is outline too), unpremultiplied.
    func text(
      _ ink: UnsafePointer<UInt8>, over squared: UnsafePointer<Float>, count: Int,
      into out: UnsafeMutablePointer<UInt8>
    ) {
      for i in 0..<count {
        let o = i &* 4
        let a = Float(ink[o &+ 3]) * (1 / 255)
        let under = coverage(squared[i], atLeast: a) * (1 - a)
        let total = a + under
        let scale = total > 0 ? 1 / total : 0
        out[o] = FastMath.byte((Float(ink[o]) * a + color.x * under) * scale)
        out[o &+ 1] = FastMath.byte((Float(ink[o &+ 1]) * a + color.y * under) * scale)
        out[o &+ 2] = FastMath.byte((Float(ink[o &+ 2]) * a + color.z * under) * scale)
        out[o &+ 3] = FastMath.byte(total * 255)
      }
    }

    /// The outline's opacity at a pixel `squared` distance from the glyphs, but at least
    /// `floor` (written as selects, which vectorise).
    @inline(__always)
    private func coverage(_ squared: Float, atLeast floor: Float) -> Float {
      let inside = reach - squared.squareRoot()
      let capped = inside < 1 ? inside : 1
      return (capped > floor ? capped : floor) * ring
    }
  }

  /// For each pixel of the text's RGBA `source` grown by `pad` on every side, the squared
  /// distance to the nearest inked pixel (alpha of at least a half), exact up to `pad`
  /// squared; a pixel farther than `pad` from all ink holds `(pad + 1)` squared or more.
  ///
  /// Columns first, where the shape is still two-valued (two sweeps: the nearest ink above
  /// and below, counted up to `pad + 1`), then rows (within `directReach`, the least of each
  /// window; wider, the lower envelope of parabolas). Exact either way round: the minimum over
  /// ink pixels of dx^2 + dy^2 is the minimum over columns of dx^2 plus that column's least
  /// dy^2. Every value within reach is a whole number below 2^24, exact in a `Float`.
  static func squaredDistances(
    toInkOf source: UnsafeRawBufferPointer, width: Int, height: Int, pad: Int,
    directReach: Int = TextOutline.directReach
  ) -> [Float] {
    let (columns, rows) = (width + 2 * pad, height + 2 * pad)
    let far = Float(pad + 1)
    var squared = [Float](repeating: far * far, count: columns * rows)
    let alpha = source.bindMemory(to: UInt8.self)
    // The inked columns' span, and the (padded) rows within `pad` of an inked row.
    var (firstInked, lastInked) = (width, -1)
    var reached = [Bool](repeating: false, count: rows)
    for sy in 0..<height {
      let row = sy * width * 4
      guard let first = (0..<width).first(where: { alpha[row + $0 * 4 + 3] >= 128 }) else {
        continue
      }
      let last = (first..<width).last { alpha[row + $0 * 4 + 3] >= 128 } ?? first
      (firstInked, lastInked) = (min(firstInked, first), max(lastInked, last))
      for y in sy...(sy + 2 * pad) { reached[y] = true }
    }
    guard firstInked <= lastInked else { return squared }
    squared.withUnsafeMutableBufferPointer { squared in
      // Down the columns and back up: each pixel's distance to the nearest ink in its column.
      var run = [Float](repeating: far, count: width)
      run.withUnsafeMutableBufferPointer { run in
        for direction in [1, -1] {
          run.update(repeating: far)
          for y in stride(
            from: direction > 0 ? 0 : rows - 1, through: direction > 0 ? rows - 1 : 0,
            by: direction)
          {
            let out = y &* columns &+ pad
            let sy = y - pad
            if sy >= 0 && sy < height {
              let inks = sy * width * 4 + 3
              for sx in 0..<width {
                let r = alpha[inks &+ sx &* 4] >= 128 ? 0 : min(run[sx] + 1, far)
                run[sx] = r
                squared[out &+ sx] = min(squared[out &+ sx], r * r)
              }
            } else {
              for sx in 0..<width {
                let r = min(run[sx] + 1, far)
                run[sx] = r
                squared[out &+ sx] = min(squared[out &+ sx], r * r)
              }
            }
          }
        }
      }
      // Along the rows, over the (padded) columns within `pad` of an inked one only: the
      // others are farther than `pad` from all ink and keep their value beyond it.
      let span = firstInked..<(lastInked + 1 + 2 * pad)
      let rowsReached = (0..<rows).filter { reached[$0] }
      func row(_ y: Int) -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(
          rebasing: squared[(y * columns + span.lowerBound)..<(y * columns + span.upperBound)])
      }
      if pad <= directReach {
        var window = [Float](repeating: far * far, count: span.count + 2 * pad)
        for y in rowsReached { leastInWindow(row(y), pad: pad, scratch: &window) }
      } else {
        var wide = [Double](repeating: 0, count: span.count)
        var (vertices, bounds, values) = (
          [Int](repeating: 0, count: span.count), [Double](repeating: 0, count: span.count + 1),
          [Double](repeating: 0, count: span.count)
        )
        for y in rowsReached {
          let f = row(y)
          for p in f.indices { wide[p] = Double(f[p]) }
          wide.withUnsafeMutableBufferPointer {
            lowerEnvelope($0, vertices: &vertices, bounds: &bounds, values: &values)
          }
          for p in f.indices { f[p] = Float(wide[p]) }
        }
      }
    }
    return squared
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
