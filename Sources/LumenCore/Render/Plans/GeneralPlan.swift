/// A general kernel: inputs evaluated over their regions of interest, then the kernel.
final class GeneralPlan: Plan {
  let kernel: any GeneralKernel
  let sources: [Plan]
  let extent: Rect
  let isOpaque: Bool
  var transfer: Transfer { kernel.transfer }

  init(_ kernel: any GeneralKernel, inputs: [Plan], extent: Rect, isOpaque: Bool) {
    self.kernel = kernel
    self.sources = inputs
    self.extent = extent
    self.isOpaque = isOpaque
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] {
    sources.enumerated().map { i, p in (p, kernel.regionOfInterest(for: rect, input: i)) }
  }
  var children: [Plan] { sources }

  func evaluate(into tile: Tile, pool: TilePool) {
    let area = tile.rect.intersection(extent)
    tile.clear(outside: area)
    if area.isEmpty { return }
    let regions = inputs(for: area)
    // Nest withPixels so every input tile stays alive while the kernel runs.
    func gather(_ index: Int, _ tiles: [Tile]) {
      if index == regions.count {
        return kernel.apply(inputs: tiles, output: tile.window(area))
      }
      let (plan, rect) = regions[index]
      plan.withPixels(of: rect, pool: pool) { pixels in
        var input = pixels
        input.isOpaque = plan.isOpaque && plan.extent.contains(rect)
        gather(index + 1, tiles + [input])
      }
    }
    gather(0, [])
  }
}
