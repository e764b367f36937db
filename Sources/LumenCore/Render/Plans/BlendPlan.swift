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

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(foreground, rect), (background, rect)] }
  var children: [Plan] { [foreground, background] }

  func evaluate(into tile: Tile, pool: TilePool) {
    background.evaluate(into: tile, pool: pool)
    foreground.withPixels(of: tile.rect, pool: pool) { f in
      for y in tile.rect.minY..<tile.rect.maxY { kernel.blend(f.row(y), into: tile.row(y)) }
    }
  }
}
