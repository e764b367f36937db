/// Reads a tile at arbitrary positions. Positions are continuous pixel coordinates with pixel
/// centres at half-integers; anything outside the tile reads as transparent.
enum Resampler {
  /// Fills `out` with the samples of `source` at (xs[i], ys[i]).
  static func sample(
    _ source: Tile, xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, into out: PixelSpan,
    mode: Sampling
  ) {
    let r = source.rect
    let planes = (source.red, source.green, source.blue, source.alpha)
    @inline(__always) func fetch(_ x: Int, _ y: Int, _ w: Float, _ acc: inout SIMD4<Float>) {
      guard x >= r.minX, x < r.maxX, y >= r.minY, y < r.maxY, w != 0 else { return }
      let o = (y - r.minY) * source.rowStride + (x - r.minX)
      acc += w * SIMD4(planes.0[o], planes.1[o], planes.2[o], planes.3[o])
    }
    for i in 0..<out.count {
      var acc = SIMD4<Float>()
      switch mode {
      case .nearest:
        fetch(Int(xs[i].rounded(.down)), Int(ys[i].rounded(.down)), 1, &acc)
      case .bilinear:
        let u = xs[i] - 0.5
        let v = ys[i] - 0.5
        let x0 = u.rounded(.down)
        let y0 = v.rounded(.down)
        let fx = Float(u - x0)
        let fy = Float(v - y0)
        let ix = Int(x0)
        let iy = Int(y0)
        fetch(ix, iy, (1 - fx) * (1 - fy), &acc)
        fetch(ix + 1, iy, fx * (1 - fy), &acc)
        fetch(ix, iy + 1, (1 - fx) * fy, &acc)
        fetch(ix + 1, iy + 1, fx * fy, &acc)
      }
      out.red[i] = acc.x
      out.green[i] = acc.y
      out.blue[i] = acc.z
      out.alpha[i] = acc.w
    }
  }

  /// The input region that sampling positions inside `bounds` can touch.
  static func footprint(_ bounds: Rect, mode: Sampling) -> Rect {
    mode == .bilinear ? bounds.insetBy(dx: -1, dy: -1) : bounds
  }
}

/// Maps each output pixel centre to an input position and samples there. Affine maps and warp
/// kernels share this plan; only the position function differs.
final class WarpPlan: Plan {
  let input: Plan
  let extent: Rect
  let isOpaque: Bool
  let mode: Sampling
  var transfer: Transfer { input.transfer }
  private let positions:
    @Sendable (Int, Int, Int, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void
  private let roi: @Sendable (Rect) -> Rect

  /// An affine map: output = transform(input).
  init(
    affine transform: AffineTransform, inverse: AffineTransform, mode: Sampling, input: Plan,
    extent: Rect, isOpaque: Bool
  ) {
    self.input = input
    self.extent = extent
    self.isOpaque = isOpaque
    self.mode = mode
    let m = inverse
    positions = { x0, y, n, xs, ys in
      let py = Double(y) + 0.5
      for i in 0..<n {
        let px = Double(x0 + i) + 0.5
        xs[i] = m.a * px + m.c * py + m.tx
        ys[i] = m.b * px + m.d * py + m.ty
      }
    }
    roi = { rect in Resampler.footprint(inverse.apply(to: rect), mode: mode) }
  }

  init(warp kernel: any WarpKernel, mode: Sampling, input: Plan, extent: Rect) {
    self.input = input
    self.extent = extent
    self.isOpaque = false
    self.mode = mode
    positions = { x0, y, n, xs, ys in
      let py = Double(y) + 0.5
      for i in 0..<n {
        let p = kernel.sourcePoint(for: Point(x: Double(x0 + i) + 0.5, y: py))
        xs[i] = p.x
        ys[i] = p.y
      }
    }
    roi = { rect in Resampler.footprint(kernel.regionOfInterest(for: rect), mode: mode) }
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] {
    [(input, roi(rect).intersection(input.extent))]
  }
  var children: [Plan] { [input] }

  func evaluate(into tile: Tile, pool: TilePool) {
    let area = tile.rect.intersection(extent)
    tile.clear(outside: area)
    if area.isEmpty { return }
    let source = roi(area).intersection(input.extent)
    if source.isEmpty { return tile.clear(area) }
    let xs = UnsafeMutablePointer<Double>.allocate(capacity: area.width)
    let ys = UnsafeMutablePointer<Double>.allocate(capacity: area.width)
    defer {
      xs.deallocate()
      ys.deallocate()
    }
    input.withPixels(of: source, pool: pool) { src in
      for y in area.minY..<area.maxY {
        positions(area.minX, y, area.width, xs, ys)
        Resampler.sample(
          src, xs: xs, ys: ys, into: tile.row(y, from: area.minX, count: area.width), mode: mode)
      }
    }
  }
}

/// A whole-pixel move: the input evaluated at shifted coordinates, with no resampling.
final class TranslatePlan: Plan {
  let input: Plan
  let dx: Int
  let dy: Int
  var extent: Rect { input.extent.isInfinite ? .infinite : input.extent.offsetBy(dx: dx, dy: dy) }
  var isOpaque: Bool { input.isOpaque }
  var transfer: Transfer { input.transfer }
  var isCheap: Bool { input.isCheap }

  init(_ input: Plan, dx: Int, dy: Int) {
    self.input = input
    self.dx = dx
    self.dy = dy
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(input, rect.offsetBy(dx: -dx, dy: -dy))] }
  var children: [Plan] { [input] }
  func isClear(in rect: Rect) -> Bool { input.isClear(in: rect.offsetBy(dx: -dx, dy: -dy)) }

  func evaluate(into tile: Tile, pool: TilePool) {
    input.evaluate(into: tile.moved(to: tile.rect.offsetBy(dx: -dx, dy: -dy)), pool: pool)
  }

  func view(of rect: Rect, pool: TilePool) -> Tile? {
    input.view(of: rect.offsetBy(dx: -dx, dy: -dy), pool: pool)?.moved(to: rect)
  }

  func draw(over tile: Tile, in area: Rect, pool: TilePool) {
    input.draw(
      over: tile.moved(to: tile.rect.offsetBy(dx: -dx, dy: -dy)),
      in: area.offsetBy(dx: -dx, dy: -dy), pool: pool)
  }
}
