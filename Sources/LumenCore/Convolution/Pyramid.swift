/// Reducing and enlarging by a whole factor, the steps of an image pyramid: wide blurs run most
/// of their work on a fraction of the pixels. Both filter sRGB-encoded values, like
/// ``Image/resized(width:height:filter:)``, and match its box (reducing) and bilinear
/// (enlarging) results for sizes that are multiples of the factor.
extension Image {
  /// The image extended over `region` (default: its extent) by repeating its edge pixels, then
  /// `factor` times smaller: each pixel the mean of a `factor` x `factor` block, blocks counted
  /// from the region's origin; a block cut by the region's right or bottom edge averages the
  /// part inside. The result starts at the origin.
  public func reduced(by factor: Int, over region: Rect? = nil) -> Image {
    applying(Reduce(factor: max(1, factor), input: extent, region: region ?? extent))
  }

  /// The image `factor` times larger, over `extent`, by linear interpolation between pixel
  /// centres. Clamp the input first so the outermost pixels have neighbours.
  public func enlarged(by factor: Int, extent: Rect) -> Image {
    applying(Enlarge(factor: max(1, factor), output: extent))
  }
}

/// floor(a / b) for b > 0 and negative `a` too.
@inline(__always)
private func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

/// Block means over a region larger than the input, the edges repeated as they are read (a
/// clamped copy of the input would cost a pass over all of it).
struct Reduce: GeneralKernel {
  let factor: Int
  let input: Rect
  let region: Rect
  var transfer: Transfer { .sRGB }

  func extent(forInputExtents extents: [Rect]) -> Rect {
    Rect(
      x: 0, y: 0, width: (region.width + factor - 1) / factor,
      height: (region.height + factor - 1) / factor)
  }

  /// The region's pixels under output `rect`.
  private func span(_ rect: Rect) -> Rect {
    Rect(
      x: region.minX + factor * rect.minX, y: region.minY + factor * rect.minY,
      width: factor * rect.width, height: factor * rect.height
    ).intersection(region)
  }

  private func clampX(_ x: Int) -> Int { min(max(x, input.minX), input.maxX - 1) }
  private func clampY(_ y: Int) -> Int { min(max(y, input.minY), input.maxY - 1) }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect {
    let s = span(rect)
    if s.isEmpty || input.isEmpty { return .empty }
    let (x0, y0) = (clampX(s.minX), clampY(s.minY))
    return Rect(
      x: x0, y: y0, width: clampX(s.maxX - 1) + 1 - x0, height: clampY(s.maxY - 1) + 1 - y0)
  }

  func apply(inputs: [Tile], output: Tile) {
    let source = inputs[0]
    let rect = output.rect
    let k = factor
    let (s0, wide) = (source.rect.minX, source.rect.width)
    let sums = UnsafeMutablePointer<Float>.allocate(capacity: wide)
    let halves = UnsafeMutablePointer<Float>.allocate(capacity: wide / 2 + 1)
    let quarters = UnsafeMutablePointer<Float>.allocate(capacity: wide / 4 + 1)
    defer {
      sums.deallocate()
      halves.deallocate()
      quarters.deallocate()
    }
    // Output columns whose blocks lie inside the input are plain runs of sums.
    let firstInside = max(rect.minX, floorDivide(input.minX - region.minX + k - 1, k))
    let endInside = max(
      firstInside,
      min(rect.maxX, floorDivide(min(input.maxX, region.maxX) - region.minX, k)))
    for y in rect.minY..<rect.maxY {
      let top = region.minY + k * y
      let rows = min(k, region.maxY - top)
      let out = output.row(y)
      if source.isOpaque { out.alpha.update(repeating: 1, count: rect.width) }
      for plane in 0..<(source.isOpaque ? 3 : 4) {
        // Columns first (a vectorised loop per row), then each block's run of sums.
        sums.update(from: source.row(clampY(top), from: s0, count: wide).plane(plane), count: wide)
        for j in 1..<rows {
          let row = source.row(clampY(top + j), from: s0, count: wide).plane(plane)
          for i in 0..<wide { sums[i] += row[i] }
        }
        let o = out.plane(plane)
        let scale = 1 / Float(k * rows)
        reduceRuns(
          sums + (region.minX + k * firstInside - s0), count: endInside - firstInside,
          scale: scale, into: o + (firstInside - rect.minX), scratch: (halves, quarters))
        for x in rect.minX..<rect.maxX where x < firstInside || x >= endInside {
          let left = region.minX + k * x
          let columns = min(k, region.maxX - left)
          var total: Float = 0
          for c in left..<(left + columns) { total += sums[clampX(c) - s0] }
          o[x - rect.minX] = total / Float(columns * rows)
        }
      }
    }
  }
}

extension Reduce {
  /// `out[x] = scale * (sums[k x] + ... + sums[k x + k - 1])` for `count` runs. For powers of
  /// two, by adding neighbours pairwise, a pass per halving: loops of stride 2 vectorise,
  /// where a run of a length known only at run time stays scalar.
  func reduceRuns(
    _ sums: UnsafeMutablePointer<Float>, count: Int, scale: Float,
    into out: UnsafeMutablePointer<Float>,
    scratch: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
  ) {
    if count <= 0 { return }
    let k = factor
    guard k > 1, k & (k - 1) == 0 else {
      for x in 0..<count {
        var total: Float = 0
        for j in 0..<k { total += sums[x &* k &+ j] }
        out[x] = total * scale
      }
      return
    }
    var (source, target, spare) = (sums, scratch.0, scratch.1)
    var width = count * k
    while width > 2 * count {
      width /= 2
      for i in 0..<width { target[i] = source[2 &* i] + source[2 &* i &+ 1] }
      (source, target) = (target, source == sums ? spare : source)
    }
    for x in 0..<count { out[x] = (source[2 &* x] + source[2 &* x &+ 1]) * scale }
  }
}

struct Enlarge: GeneralKernel {
  let factor: Int
  let output: Rect
  var transfer: Transfer { .sRGB }

  func extent(forInputExtents extents: [Rect]) -> Rect { output }

  /// The input pixel at or left of output pixel `x`'s centre, and the weight of the one after
  /// it: the centre falls at (x + 1/2) / factor - 1/2 in input pixels.
  private func source(_ x: Int) -> (index: Int, weight: Float) {
    let n = 2 * x + 1 - factor
    let index = floorDivide(n, 2 * factor)
    return (index, Float(n - 2 * factor * index) / Float(2 * factor))
  }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect {
    let x0 = source(rect.minX).index
    let x1 = source(rect.maxX - 1).index + 2
    let y0 = source(rect.minY).index
    let y1 = source(rect.maxY - 1).index + 2
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Each input row under the tile is enlarged horizontally once, then the output rows mix the
  /// two nearest (a plain vectorised loop): `factor` times fewer gathers than mixing per row.
  func apply(inputs: [Tile], output: Tile) {
    let input = inputs[0]
    let rect = output.rect
    let n = rect.width
    let x0 = source(rect.minX).index
    let top = source(rect.minY).index
    let rows = source(rect.maxY - 1).index + 2 - top
    let planes = input.isOpaque ? 3 : 4
    let first = UnsafeMutablePointer<Int>.allocate(capacity: n)
    let weights = UnsafeMutablePointer<Float>.allocate(capacity: n)
    let wide = UnsafeMutablePointer<Float>.allocate(capacity: rows * planes * n)
    defer {
      first.deallocate()
      weights.deallocate()
      wide.deallocate()
    }
    for x in 0..<n {
      let (index, weight) = source(rect.minX + x)
      first[x] = index - x0
      weights[x] = weight
    }
    // wide[(r * planes + p) * n + x]: input row top + r, plane p, enlarged to the tile's columns.
    for r in 0..<rows {
      let row = input.row(top + r, from: x0, count: input.rect.maxX - x0)
      for p in 0..<planes {
        let (m, o) = (row.plane(p), wide + (r * planes + p) * n)
        for x in 0..<n {
          let i = first[x]
          o[x] = m[i] + weights[x] * (m[i &+ 1] - m[i])
        }
      }
    }
    for y in rect.minY..<rect.maxY {
      let (index, t) = source(y)
      let out = output.row(y)
      for p in 0..<planes {
        let a = wide + ((index - top) * planes + p) * n
        let b = a + planes * n
        let o = out.plane(p)
        for x in 0..<n { o[x] = a[x] + t * (b[x] - a[x]) }
      }
      if planes == 3 { out.alpha.update(repeating: 1, count: n) }
    }
  }
}
