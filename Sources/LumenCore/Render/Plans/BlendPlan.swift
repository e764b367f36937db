/// Two inputs combined pixel by pixel.
final class BlendPlan: Plan {
  let kernel: any BlendKernel
  let foreground: Plan
  let background: Plan
  let extent: Rect
  let isOpaque: Bool
  var transfer: Transfer { kernel.transfer }

  init(_ kernel: any BlendKernel, foreground: Plan, background: Plan, extent: Rect, isOpaque: Bool) {
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

/// An intermediate image held in memory because a general kernel reads overlapping
/// neighbourhoods of it from many tiles. The renderer fills it before the tiles that read it.
final class CachePlan: Plan, @unchecked Sendable {
  let input: Plan
  var extent: Rect { input.extent }
  var isOpaque: Bool { input.isOpaque }
  var transfer: Transfer { input.transfer }
  var isCheap: Bool { true }
  private(set) var region: Rect = .empty
  private var memory: UnsafeMutablePointer<Float>?
  private var buffer: Tile?

  init(_ input: Plan) { self.input = input }

  deinit { memory?.deallocate() }

  /// Allocates storage for `region`; the renderer then evaluates the input into ``storage``.
  func allocate(_ region: Rect) -> Tile {
    self.region = region
    let m = UnsafeMutablePointer<Float>.allocate(capacity: max(4 * region.area, 1))
    memory = m
    let t = Tile(rect: region, memory: m)
    buffer = t
    return t
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(input, rect)] }
  var children: [Plan] { [input] }

  func view(of rect: Rect) -> Tile? {
    guard let buffer, buffer.rect.contains(rect) else { return nil }
    return buffer.window(rect)
  }

  func evaluate(into tile: Tile, pool: TilePool) {
    guard let buffer else { return input.evaluate(into: tile, pool: pool) }
    tile.clear(outside: buffer.rect)
    tile.copy(from: buffer)
    let missing = tile.rect.intersection(extent)
    if !buffer.rect.contains(missing) {
      // Asked outside what was cached (should not happen): compute directly.
      input.evaluate(into: tile, pool: pool)
    }
  }
}
