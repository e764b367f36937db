/// Halving and doubling by exactly two, the steps of an image pyramid: wide blurs run most of
/// their work at half size. Both filter sRGB-encoded values, like ``Image/resized(width:height:filter:)``,
/// and match its box (halving) and bilinear (doubling) results for even sizes.
extension Image {
  /// The image at half size: each pixel the mean of a 2x2 block. The extent must start at even
  /// coordinates and have even sides (use ``movedToOrigin()`` and pad as needed).
  public func halved() -> Image { applying(Halve()) }

  /// The image at twice the size, by linear interpolation between pixel centres (weights 3/4
  /// and 1/4). Clamp the input first so the outermost pixels have neighbours.
  public func doubled(extent: Rect) -> Image { applying(Double2x(output: extent)) }
}

/// floor(v / 2) for negative values too.
@inline(__always)
private func half(_ v: Int) -> Int { v >> 1 }

struct Halve: GeneralKernel {
  var transfer: Transfer { .sRGB }

  func extent(forInputExtents extents: [Rect]) -> Rect {
    let e = extents[0]
    return Rect(x: half(e.minX), y: half(e.minY), width: e.width / 2, height: e.height / 2)
  }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect {
    Rect(x: 2 * rect.minX, y: 2 * rect.minY, width: 2 * rect.width, height: 2 * rect.height)
  }

  func apply(inputs: [Tile], output: Tile) {
    let input = inputs[0]
    let rect = output.rect
    for y in rect.minY..<rect.maxY {
      let top = input.row(2 * y, from: 2 * rect.minX, count: 2 * rect.width)
      let bottom = input.row(2 * y + 1, from: 2 * rect.minX, count: 2 * rect.width)
      for (o, (a, b)) in zip(output.row(y).planes, zip(top.planes, bottom.planes)) {
        for x in 0..<rect.width {
          let i = x &* 2
          o[x] = 0.25 * ((a[i] + a[i &+ 1]) + (b[i] + b[i &+ 1]))
        }
      }
    }
  }
}

struct Double2x: GeneralKernel {
  let output: Rect
  var transfer: Transfer { .sRGB }

  func extent(forInputExtents extents: [Rect]) -> Rect { output }

  /// Output pixel X reads half-size pixels floor(X/2) - 1 ... floor(X/2) + 1.
  func regionOfInterest(for rect: Rect, input index: Int) -> Rect {
    let x0 = half(rect.minX) - 1
    let x1 = half(rect.maxX - 1) + 2
    let y0 = half(rect.minY) - 1
    let y1 = half(rect.maxY - 1) + 2
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  func apply(inputs: [Tile], output: Tile) {
    let input = inputs[0]
    let rect = output.rect
    let x0 = half(rect.minX) - 1
    let columns = half(rect.maxX - 1) + 2 - x0
    let mixed = UnsafeMutablePointer<Float>.allocate(capacity: columns)
    let wide = UnsafeMutablePointer<Float>.allocate(capacity: 2 * columns)
    defer {
      mixed.deallocate()
      wide.deallocate()
    }
    // wide[k] is output column 2 * x0 + k; the tile starts `skip` columns in.
    let skip = rect.minX - 2 * x0
    for y in rect.minY..<rect.maxY {
      // Vertically: the two nearest half-size rows, 3/4 for the nearer.
      let h = half(y)
      let (near, far) = y & 1 == 0 ? (h, h - 1) : (h, h + 1)
      let a = input.row(near, from: x0, count: columns)
      let b = input.row(far, from: x0, count: columns)
      for (o, (p, q)) in zip(output.row(y).planes, zip(a.planes, b.planes)) {
        for i in 0..<columns { mixed[i] = 0.75 * p[i] + 0.25 * q[i] }
        // Horizontally: even columns mix i-1 (1/4) and i (3/4), odd ones i (3/4) and i+1.
        for i in 1..<(columns - 1) {
          wide[i &* 2] = 0.25 * mixed[i &- 1] + 0.75 * mixed[i]
          wide[i &* 2 &+ 1] = 0.75 * mixed[i] + 0.25 * mixed[i &+ 1]
        }
        o.update(from: wide + skip, count: rect.width)
      }
    }
  }
}
