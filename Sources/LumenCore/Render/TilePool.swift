/// Scratch memory for tiles on one worker thread. Buffers are recycled by size class, so a
/// render allocates a handful of buffers instead of one per tile (large mallocs are mmap'd
/// and page-faulted afresh each time).
final class TilePool {
  private var free: [Int: [UnsafeMutablePointer<Float>]] = [:]

  /// Runs `body` with a tile over `rect`; its contents are undefined until written.
  func withTile<R>(_ rect: Rect, _ body: (Tile) throws -> R) rethrows -> R {
    let floats = Swift.max(4 * rect.area, 1)
    let size = TilePool.sizeClass(floats)
    let memory = free[size]?.popLast() ?? .allocate(capacity: size)
    defer { free[size, default: []].append(memory) }
    return try body(Tile(rect: rect, memory: memory))
  }

  private static func sizeClass(_ n: Int) -> Int {
    var s = 4096
    while s < n { s <<= 1 }
    return s
  }

  deinit {
    for list in free.values { for p in list { p.deallocate() } }
  }
}
