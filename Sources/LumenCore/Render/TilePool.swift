/// Scratch memory for tiles on one worker thread. Buffers are recycled by size, within a
/// render by the pool and between renders by ``ScratchMemory``, so a render allocates a
/// handful of buffers instead of one per tile.
final class TilePool {
  private var free: [Int: [UnsafeMutableRawPointer]] = [:]
  private let memory: ScratchMemory

  init(_ memory: ScratchMemory) { self.memory = memory }

  /// Runs `body` with a tile over `rect`; its contents are undefined until written.
  func withTile<R>(_ rect: Rect, _ body: (Tile) throws -> R) rethrows -> R {
    let floats = Swift.max(4 * rect.area, 1)
    let size = ScratchMemory.size(for: floats * MemoryLayout<Float>.size)
    let block = free[size]?.popLast() ?? memory.take(size: size)
    defer { free[size, default: []].append(block) }
    return try body(Tile(rect: rect, memory: block.bindMemory(to: Float.self, capacity: floats)))
  }

  deinit {
    for (size, blocks) in free {
      for block in blocks { memory.release(block, size: size) }
    }
  }
}
