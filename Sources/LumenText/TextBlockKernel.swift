import LumenCore

/// Draws a ``TextBlock`` tile by tile: each tile's lines into 8-bit scratch exactly as the
/// whole bitmap is drawn, then read as a bitmap is (premultiplied, sRGB-encoded), so the lazy
/// image and ``TextBlock/bitmap`` give the same pixels.
struct TextBlockKernel: OverDrawing {
  let block: TextBlock

  var transfer: Transfer { .sRGB }
  var preservesOpacity: Bool { false }

  func extent(forInputExtents extents: [Rect]) -> Rect { block.extent }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect { .empty }

  func isClear(in rect: Rect) -> Bool { !block.reaches(rect) }

  func apply(inputs: [Tile], output: Tile) {
    output.clear()
    read(output) { row, i, r, g, b, a in
      row.red[i] = r
      row.green[i] = g
      row.blue[i] = b
      row.alpha[i] = a
    }
  }

  func draw(over tile: Tile) -> Bool {
    read(tile) { row, i, r, g, b, a in row.lay(r, g, b, a, over: i) }
    return true
  }

  /// Draws the block's part in `tile` and hands `put` each of its pixels with ink,
  /// premultiplied (the others are clear).
  @inline(__always)
  private func read(
    _ tile: Tile, _ put: (PixelSpan, Int, Float, Float, Float, Float) -> Void
  ) {
    let rect = tile.rect.intersection(block.extent)
    guard !rect.isEmpty, block.reaches(rect) else { return }
    withUnsafeTemporaryAllocation(of: SIMD4<UInt8>.self, capacity: rect.width * rect.height) {
      canvas in
      let unit: Float = 1 / 255
      var (row, out) = (0, tile.row(rect.minY, from: rect.minX, count: rect.width))
      block.forEachInkedPixel(of: rect, canvas: canvas) { y, i, pixel in
        if y != row {
          row = y
          out = tile.row(rect.minY + y, from: rect.minX, count: rect.width)
        }
        let a = Float(pixel.w) * unit
        put(
          out, i, Float(pixel.x) * unit * a, Float(pixel.y) * unit * a, Float(pixel.z) * unit * a,
          a)
      }
    }
  }
}
