/// A run of colour kernels fused into one pass: each span of pixels (small enough to stay in
/// the L1 cache) goes through every kernel before the next span is touched.
final class ColorChainPlan: Plan {
  let kernels: [any ColorKernel]
  let input: Plan
  let transfer: Transfer
  let isOpaque: Bool
  var extent: Rect { input.extent }

  /// Pixels per span: four planes of 1024 floats fill 16 KB of L1.
  static let spanLength = 1024

  init(_ kernels: [any ColorKernel], over input: Plan, transfer: Transfer, isOpaque: Bool) {
    self.kernels = kernels
    self.input = input
    self.transfer = transfer
    self.isOpaque = isOpaque
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(input, rect)] }
  var children: [Plan] { [input] }

  func evaluate(into tile: Tile, pool: TilePool) {
    input.evaluate(into: tile, pool: pool)
    let area = tile.rect.intersection(extent)
    if area.isEmpty { return }
    if area == tile.rect && tile.rowStride == tile.width {
      run(tile.row(area.minY, from: area.minX, count: area.area))
    } else {
      for y in area.minY..<area.maxY { run(tile.row(y, from: area.minX, count: area.width)) }
    }
  }

  /// Applies the chain to a contiguous run of pixels, span by span.
  private func run(_ pixels: PixelSpan) {
    // Opaque colour is already straight; a chain that may change alpha (over an opaque input
    // too) must premultiply its result.
    let straighten = !input.isOpaque
    let premultiply = straighten || !isOpaque
    var start = 0
    while start < pixels.count {
      let n = min(Self.spanLength, pixels.count - start)
      let s = PixelSpan(
        red: pixels.red + start, green: pixels.green + start, blue: pixels.blue + start,
        alpha: pixels.alpha + start, count: n)
      if straighten { Premultiplication.unpremultiply(s) }
      for k in kernels { k.apply(to: s) }
      if premultiply { Premultiplication.premultiply(s) }
      start += n
    }
  }
}

enum Premultiplication {
  static func unpremultiply(_ s: PixelSpan) {
    for i in 0..<s.count {
      let a = s.alpha[i]
      let k: Float = a > 0 ? 1 / a : 0
      s.red[i] *= k
      s.green[i] *= k
      s.blue[i] *= k
    }
  }

  /// Pixels of alpha 0 or below (resampling rings below 0) keep no colour, as
  /// ``unpremultiply(_:)`` gives them none: then a chain run kernel by kernel, straightened
  /// around each, and the same chain fused leave the same pixels.
  static func premultiply(_ s: PixelSpan) {
    for i in 0..<s.count {
      let a = max(s.alpha[i], 0)
      s.red[i] *= a
      s.green[i] *= a
      s.blue[i] *= a
    }
  }
}
