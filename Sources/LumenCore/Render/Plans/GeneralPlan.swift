/// A general kernel: inputs evaluated over their regions of interest, then the kernel.
final class GeneralPlan: Plan {
  let kernel: any GeneralKernel
  let sources: [Plan]
  let extent: Rect
  let isOpaque: Bool
  var transfer: Transfer { kernel.transfer }

  /// The kernel, when it is a generator that can draw itself over others.
  private let drawing: (any OverDrawing)?

  init(_ kernel: any GeneralKernel, inputs: [Plan], extent: Rect, isOpaque: Bool) {
    self.kernel = kernel
    self.sources = inputs
    self.extent = extent
    self.isOpaque = isOpaque
    drawing = inputs.isEmpty ? kernel as? any OverDrawing : nil
  }

  func draw(over tile: Tile, in area: Rect, pool: TilePool) {
    let area = area.intersection(extent)
    if area.isEmpty { return }
    if let drawing, drawing.draw(over: tile.window(area)) { return }
    drawByBlending(over: tile, in: area, pool: pool)
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] {
    sources.enumerated().map { i, p in (p, kernel.regionOfInterest(for: rect, input: i)) }
  }
  var children: [Plan] { sources }

  func isClear(in rect: Rect) -> Bool {
    let area = rect.intersection(extent)
    return area.isEmpty || kernel.isClear(in: area)
  }

  func evaluate(into tile: Tile, pool: TilePool) {
    let area = tile.rect.intersection(extent)
    tile.clear(outside: area)
    if area.isEmpty { return }
    let regions = inputs(for: area)
    let output = tile.window(area)
    // Nested, so every input tile stays alive while the kernel runs.
    // The first input computed over exactly the output's region goes straight into the
    // output when the kernel runs in place.
    var inPlace = kernel.runsInPlace
    func gather(_ index: Int, _ tiles: [Tile]) {
      if index == regions.count { return kernel.apply(inputs: tiles, output: output) }
      let (plan, rect) = regions[index]
      func next(_ pixels: Tile) {
        var input = pixels
        input.isOpaque = plan.isOpaque && plan.extent.contains(rect)
        gather(index + 1, tiles + [input])
      }
      if let view = plan.view(of: rect, pool: pool) { return next(view) }
      if inPlace, rect == area {
        inPlace = false
        plan.evaluate(into: output, pool: pool)
        return next(output)
      }
      pool.withTile(rect) { scratch in
        plan.evaluate(into: scratch, pool: pool)
        next(scratch)
      }
    }
    gather(0, [])
  }
}
