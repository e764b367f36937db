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
  func isClear(in rect: Rect) -> Bool { input.isClear(in: rect.intersection(extent)) }

  func evaluate(into tile: Tile, pool: TilePool) {
    let area = tile.rect.intersection(extent)
    if area == tile.rect { return input.evaluate(into: tile, pool: pool) }
    tile.clear(outside: area)
    if area.isEmpty { return }
    input.evaluate(into: tile.window(area), pool: pool)
  }

  func view(of rect: Rect, pool: TilePool) -> Tile? {
    extent.contains(rect) ? input.view(of: rect, pool: pool) : nil
  }

  func draw(over tile: Tile, in area: Rect, pool: TilePool) {
    let area = area.intersection(extent)
    if !area.isEmpty { input.draw(over: tile, in: area, pool: pool) }
  }

  func write(
    _ rect: Rect, as format: PixelFormat, to out: UnsafeMutableRawPointer, bytesPerRow: Int,
    pool: TilePool
  ) -> Bool {
    extent.contains(rect)
      && input.write(rect, as: format, to: out, bytesPerRow: bytesPerRow, pool: pool)
  }
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
    let x0 = clamp(rect.minX, e.minX, e.maxX - 1)
    let x1 = clamp(rect.maxX - 1, e.minX, e.maxX - 1)
    let y0 = clamp(rect.minY, e.minY, e.maxY - 1)
    let y1 = clamp(rect.maxY - 1, e.minY, e.maxY - 1)
    return Rect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(input, source(for: rect))] }
  var children: [Plan] { [input] }

  func view(of rect: Rect, pool: TilePool) -> Tile? {
    input.extent.contains(rect) ? input.view(of: rect, pool: pool) : nil
  }

  func evaluate(into tile: Tile, pool: TilePool) {
    let e = input.extent
    if e.isEmpty { return tile.clear() }
    if e.contains(tile.rect) { return input.evaluate(into: tile, pool: pool) }
    let src = source(for: tile.rect)
    let r = tile.rect
    // Columns left of, inside and right of the source: repeat, copy, repeat.
    let left = min(max(src.minX - r.minX, 0), r.width)
    let right = min(max(r.maxX - src.maxX, 0), r.width - left)
    let middle = r.width - left - right
    input.withPixels(of: src, pool: pool) { s in
      for y in r.minY..<r.maxY {
        let inRow = s.row(min(max(y, src.minY), src.maxY - 1))
        for (o, i) in zip(tile.row(y).planes, inRow.planes) {
          o.update(repeating: i[0], count: left)
          (o + left).update(from: i + (r.minX + left - src.minX), count: middle)
          (o + left + middle).update(repeating: i[src.width - 1], count: right)
        }
      }
    }
  }
}
