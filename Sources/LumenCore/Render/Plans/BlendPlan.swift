/// Two inputs combined pixel by pixel.
final class BlendPlan: Plan {
  let kernel: any BlendKernel
  let foreground: Plan
  let background: Plan
  let extent: Rect
  let isOpaque: Bool
  var transfer: Transfer { kernel.transfer }

  init(_ kernel: any BlendKernel, foreground: Plan, background: Plan, extent: Rect, isOpaque: Bool)
  {
    self.kernel = kernel
    self.foreground = foreground
    self.background = background
    self.extent = extent
    self.isOpaque = isOpaque
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] {
    [(foreground, blended(rect)), (background, rect)]
  }
  var children: [Plan] { [foreground, background] }

  /// The part of `rect` where the foreground can change the background.
  private func blended(_ rect: Rect) -> Rect {
    guard kernel.clearForegroundKeepsBackground else { return rect }
    let area = rect.intersection(foreground.extent)
    return foreground.isClear(in: area) ? .empty : area
  }

  /// Outside the extent surely; within it, where both inputs are (a long chain of pieces is
  /// passed by at its top).
  func isClear(in rect: Rect) -> Bool {
    if rect.intersection(extent).isEmpty { return true }
    guard kernel.clearForegroundKeepsBackground else { return false }
    return foreground.isClear(in: rect) && background.isClear(in: rect)
  }

  /// A source-over blend drawn over a tile is its background drawn over it, then its
  /// foreground (source-over is associative): a frame's pieces are laid straight over the
  /// photo.
  func draw(over tile: Tile, in area: Rect, pool: TilePool) {
    guard kernel.laysSourceOver else { return drawByBlending(over: tile, in: area, pool: pool) }
    let area = area.intersection(extent)
    if area.isEmpty { return }
    background.draw(over: tile, in: area, pool: pool)
    let drawn = blended(area)
    if !drawn.isEmpty { foreground.draw(over: tile, in: drawn, pool: pool) }
  }

  /// Where the foreground leaves `rect` alone, the background's stored samples are the
  /// blend's: written directly when the background can.
  func write(
    _ rect: Rect, as format: PixelFormat, to out: UnsafeMutableRawPointer, bytesPerRow: Int,
    pool: TilePool
  ) -> Bool {
    guard kernel.clearForegroundKeepsBackground, blended(rect).isEmpty else { return false }
    return background.write(rect, as: format, to: out, bytesPerRow: bytesPerRow, pool: pool)
  }

  func evaluate(into tile: Tile, pool: TilePool) {
    background.evaluate(into: tile, pool: pool)
    let area = blended(tile.rect)
    if area.isEmpty { return }
    if kernel.laysSourceOver { return foreground.draw(over: tile, in: area, pool: pool) }
    foreground.withPixels(of: area, pool: pool) { f in
      for y in area.minY..<area.maxY {
        kernel.blend(
          f.row(y, from: area.minX, count: area.width),
          into: tile.row(y, from: area.minX, count: area.width))
      }
    }
  }
}
