import Foundation
#if canImport(Glibc)
  import Glibc
#endif

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
/// neighbourhoods of it from many tiles.
///
/// It is filled on demand in bands of rows, each band exactly once by whichever worker first
/// needs it, so filling it overlaps with decoding before it and encoding after it. What a band
/// holds never depends on the thread that filled it.
final class CachePlan: Plan, @unchecked Sendable {
  let input: Plan
  var extent: Rect { input.extent }
  var isOpaque: Bool { input.isOpaque }
  var transfer: Transfer { input.transfer }
  var isCheap: Bool { true }
  var children: [Plan] { [input] }

  static let bandHeight = 16
  static let chunkWidth = 512
  private var memory: UnsafeMutablePointer<Float>?
  private var buffer: Tile?
  private let condition = NSCondition()
  private enum Band { case empty, filling, done }
  private var bands: [Band] = []

  init(_ input: Plan) { self.input = input }

  deinit { memory?.deallocate() }

  /// Reserves storage for `region`, which must cover everything later asked of the cache.
  func allocate(_ region: Rect) {
    let bytes = max(4 * region.area, 1) * MemoryLayout<Float>.size
    // Intermediates are often hundreds of MB: 2 MB-aligned huge pages cut the page faults of
    // first touch 500-fold.
    let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 1 << 21)
    madvise(raw, bytes, MADV_HUGEPAGE)
    let m = raw.bindMemory(to: Float.self, capacity: bytes / MemoryLayout<Float>.size)
    memory = m
    buffer = Tile(rect: region, memory: m)
    bands = Array(repeating: .empty, count: (region.height + Self.bandHeight - 1) / Self.bandHeight)
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(input, rect)] }

  func view(of rect: Rect, pool: TilePool) -> Tile? {
    guard let buffer, buffer.rect.contains(rect) else { return nil }
    fill(rows: rect.minY..<rect.maxY, of: buffer, pool: pool)
    return buffer.window(rect)
  }

  func evaluate(into tile: Tile, pool: TilePool) {
    if let view = view(of: tile.rect, pool: pool) { return tile.copy(from: view) }
    input.evaluate(into: tile, pool: pool)
  }

  /// Makes sure the bands covering `rows` are filled: first fills every unclaimed one here,
  /// then waits for those that other workers claimed, so no worker idles while work remains.
  private func fill(rows: Range<Int>, of buffer: Tile, pool: TilePool) {
    let first = (rows.lowerBound - buffer.rect.minY) / Self.bandHeight
    let last = (rows.upperBound - 1 - buffer.rect.minY) / Self.bandHeight
    for band in first...last where claim(band) {
      let y = buffer.rect.minY + band * Self.bandHeight
      let rect = Rect(
        x: buffer.rect.minX, y: y, width: buffer.rect.width,
        height: min(Self.bandHeight, buffer.rect.maxY - y))
      // In chunks whose input tiles stay in L2.
      for x in stride(from: rect.minX, to: rect.maxX, by: Self.chunkWidth) {
        let chunk = Rect(x: x, y: rect.minY, width: min(Self.chunkWidth, rect.maxX - x), height: rect.height)
        input.evaluate(into: buffer.window(chunk), pool: pool)
      }
      condition.lock()
      bands[band] = .done
      condition.broadcast()
      condition.unlock()
    }
    condition.lock()
    while bands[first...last].contains(where: { $0 != .done }) { condition.wait() }
    condition.unlock()
  }

  /// Marks `band` as being filled by the caller, if nobody has claimed it yet.
  private func claim(_ band: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard bands[band] == .empty else { return false }
    bands[band] = .filling
    return true
  }
}
