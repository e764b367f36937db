/// The input inside a rectangle, transparent outside it.
final class CropPlan: Plan {
  let input: Plan
  let extent: Rect
  var isOpaque: Bool { input.isOpaque }
  var transfer: Transfer { input.transfer }
  var isCheap: Bool { input.isCheap }

  init(_ input: Plan, to rect: Rect) {
    self.input = input
    self.extent = rect.intersection(input.extent)
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(input, rect.intersection(extent))] }
  var children: [Plan] { [input] }

  func evaluate(into tile: Tile, pool: TilePool) {
    let area = tile.rect.intersection(extent)
    if area == tile.rect { return input.evaluate(into: tile, pool: pool) }
    tile.clear(outside: area)
    if area.isEmpty { return }
    input.evaluate(into: tile.window(area), pool: pool)
  }

  func view(of rect: Rect) -> Tile? { extent.contains(rect) ? input.view(of: rect) : nil }
}

/// The input with its edge pixels repeated outwards (Core Image's `clampedToExtent`).
final class ClampPlan: Plan {
  let input: Plan
  var extent: Rect { .infinite }
  var isOpaque: Bool { input.isOpaque }
  var transfer: Transfer { input.transfer }
  var isCheap: Bool { input.isCheap }

  init(_ input: Plan) { self.input = input }

  /// The part of the input that `rect` repeats.
  private func source(for rect: Rect) -> Rect {
    let e = input.extent
    func clamp(_ v: Int, _ lo: Int, _ hi: Int) -> Int { min(max(v, lo), hi) }
    let x0 = clamp(rect.minX, e.minX, e.maxX - 1), x1 = clamp(rect.maxX - 1, e.minX, e.maxX - 1)
    let y0 = clamp(rect.minY, e.minY, e.maxY - 1), y1 = clamp(rect.maxY - 1, e.minY, e.maxY - 1)
    return Rect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(input, source(for: rect))] }
  var children: [Plan] { [input] }

  func evaluate(into tile: Tile, pool: TilePool) {
    let e = input.extent
    if e.isEmpty { return tile.clear() }
    if e.contains(tile.rect) { return input.evaluate(into: tile, pool: pool) }
    let src = source(for: tile.rect)
    input.withPixels(of: src, pool: pool) { s in
      for y in tile.rect.minY..<tile.rect.maxY {
        let sy = min(max(y, src.minY), src.maxY - 1)
        let out = tile.row(y)
        let inRow = s.row(sy)
        for (o, i) in zip(out.planes, inRow.planes) {
          for x in 0..<out.count {
            let sx = min(max(tile.rect.minX + x, src.minX), src.maxX - 1)
            o[x] = i[sx - src.minX]
          }
        }
      }
    }
  }
}
