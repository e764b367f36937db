import Foundation

/// An intermediate image held in memory because a general kernel reads overlapping
/// neighbourhoods of it from many tiles.
///
/// It is filled on demand in bands of rows, each band exactly once by whichever worker first
/// needs it, so filling overlaps with decoding before it and encoding after it; what a band
/// holds never depends on the thread that filled it. Storage is a ring of bands: the renderer
/// reports which rows no tile will read again, and their memory takes later bands, so a blur of
/// a 24 MP photo holds a few hundred rows instead of the whole image.
final class CachePlan: Plan, @unchecked Sendable {
  let input: Plan
  var extent: Rect { input.extent }
  var isOpaque: Bool { input.isOpaque }
  var transfer: Transfer { input.transfer }
  var isCheap: Bool { true }
  var children: [Plan] { [input] }

  /// Rows filled at once: 16 for caches at the output's scale, fewer for reduced images (a
  /// band of a blur pyramid's reduced image covers `factor` times as many output rows).
  private(set) var bandHeight = 16
  static let chunkWidth = 512
  private(set) var region = Rect.empty
  private var memory: (block: UnsafeMutableRawPointer, size: Int, pool: ScratchMemory)?
  /// Rows of storage: a multiple of the band height, at most the region's height.
  private var capacity = 0
  private var planes: [UnsafeMutablePointer<Float>] = []
  private let condition = NSCondition()
  private enum Band { case empty, filling, done }
  private var bands: [Band] = []
  /// Bands below this index will not be read again; their storage may be reused.
  private var retired = 0

  init(_ input: Plan) { self.input = input }

  deinit { if let memory { memory.pool.release(memory.block, size: memory.size) } }

  /// Sets the region the render will ask of the cache (it must cover everything asked later)
  /// and the rows it fills at once; storage comes with ``reserve(rows:)``.
  func prepare(_ region: Rect, bandHeight: Int) {
    self.region = region
    self.bandHeight = bandHeight
    bands = Array(repeating: .empty, count: (region.height + bandHeight - 1) / bandHeight)
  }

  /// The bytes ``reserve(rows:from:)`` takes for `rows` rows.
  func bytes(reserving rows: Int) -> Int {
    ScratchMemory.size(for: max(4 * ringRows(rows) * region.width, 1) * MemoryLayout<Float>.size)
  }

  /// Whole bands covering `rows` rows, at most the region's.
  private func ringRows(_ rows: Int) -> Int {
    let b = bandHeight
    return min(rows + b - 1, region.height + b - 1) / b * b
  }

  /// Reserves storage for `rows` rows of the region (all of it by default) from `pool`.
  func reserve(rows: Int? = nil, from pool: ScratchMemory) {
    capacity = ringRows(rows ?? region.height)
    let floats = max(4 * capacity * region.width, 1)
    let size = ScratchMemory.size(for: floats * MemoryLayout<Float>.size)
    if let memory { memory.pool.release(memory.block, size: memory.size) }
    let block = pool.take(size: size)
    memory = (block, size, pool)
    let base = block.bindMemory(to: Float.self, capacity: floats)
    planes = (0..<4).map { base + $0 * capacity * region.width }
  }

  /// The bands holding the rows of `rect` (which must lie in the region).
  func bands(covering rect: Rect) -> ClosedRange<Int> {
    ((rect.minY - region.minY) / bandHeight)...((rect.maxY - 1 - region.minY) / bandHeight)
  }

  /// What filling `bands` computes: their rows, the region's whole width.
  func rect(ofBands bands: ClosedRange<Int>) -> Rect {
    let top = region.minY + bands.lowerBound * bandHeight
    let bottom = min(region.minY + (bands.upperBound + 1) * bandHeight, region.maxY)
    return Rect(x: region.minX, y: top, width: region.width, height: bottom - top)
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(input, rect)] }

  /// The storage of rows `rect` when they are contiguous in the ring.
  private func window(_ rect: Rect) -> Tile? {
    let first = (rect.minY - region.minY) % capacity
    guard first + rect.height <= capacity else { return nil }
    let offset = first * region.width + (rect.minX - region.minX)
    return Tile(
      rect: rect, rowStride: region.width, red: planes[0] + offset, green: planes[1] + offset,
      blue: planes[2] + offset, alpha: planes[3] + offset)
  }

  func view(of rect: Rect, pool: TilePool) -> Tile? {
    guard region.contains(rect), !rect.isEmpty, rect.height <= capacity else { return nil }
    guard let window = window(rect) else { return nil }
    fill(rowsOf: rect, pool: pool)
    return window
  }

  func evaluate(into tile: Tile, pool: TilePool) {
    let rect = tile.rect
    guard region.contains(rect), !rect.isEmpty, rect.height <= capacity else {
      return input.evaluate(into: tile, pool: pool)
    }
    fill(rowsOf: rect, pool: pool)
    for y in rect.minY..<rect.maxY {
      if let row = window(Rect(x: rect.minX, y: y, width: rect.width, height: 1)) {
        tile.copy(from: row)
      }
    }
  }

  /// Rows above `row` will not be read again.
  func retire(rowsAbove row: Int) {
    let band = (row - region.minY) / bandHeight
    condition.lock()
    if band > retired {
      retired = min(band, bands.count)
      condition.broadcast()
    }
    condition.unlock()
  }

  /// Makes sure the bands covering the rows of `rect` are filled: first fills every unclaimed one here,
  /// then waits for those that other workers claimed, so no worker idles while work remains.
  private func fill(rowsOf rect: Rect, pool: TilePool) {
    let covering = bands(covering: rect)
    for band in covering where claim(band) {
      let filled = self.rect(ofBands: band...band)
      // In chunks whose input tiles stay in L2.
      for x in stride(from: region.minX, to: region.maxX, by: Self.chunkWidth) {
        let chunk = Rect(
          x: x, y: filled.minY, width: min(Self.chunkWidth, region.maxX - x), height: filled.height)
        if let storage = window(chunk) { input.evaluate(into: storage, pool: pool) }
      }
      condition.lock()
      bands[band] = .done
      condition.broadcast()
      condition.unlock()
    }
    condition.lock()
    while bands[covering].contains(where: { $0 != .done }) { condition.wait() }
    condition.unlock()
  }

  /// Marks `band` as being filled by the caller, if nobody has claimed it yet, once the band
  /// whose storage it takes is retired.
  private func claim(_ band: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    let ringBands = capacity / bandHeight
    while bands[band] == .empty && band - ringBands >= retired { condition.wait() }
    guard bands[band] == .empty else { return false }
    bands[band] = .filling
    return true
  }
}
