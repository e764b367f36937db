#if canImport(Glibc)
  import Glibc
#endif

/// Memory for the intermediates of renders (tiles, caches), kept between the renders of one
/// ``RenderContext``. A preview re-rendered after each slider change, or each frame of a
/// video, needs the same megabytes every time; allocated afresh they are mapped, faulted in
/// page by page and unmapped again (a tenth of a preview's time went to page faults).
///
/// Blocks come in powers of two; those of 2 MiB and more are aligned for huge pages. The pool
/// also keeps the context's account: memory that a render holds for its whole length (caches,
/// memo tables) is ``charge(_:)``d against the ``budget``, and released blocks are kept only
/// while what is kept and what is charged fit in it (at most ``keptBytes`` kept, none larger
/// than ``largestKept``: a 4K video frame; a whole photo's pixels are not held once done).
final class ScratchMemory: Sendable {
  static let keptBytes = 192 << 20
  static let largestKept = 32 << 20
  private static let smallest = 1 << 14
  private static let hugePage = 1 << 21

  /// The bytes that charged memory and kept blocks may reach together.
  let budget: Int
  private let reservoir = Locked(Reservoir())

  init(budget: Int) { self.budget = budget }

  /// The kept blocks go with the pool: a context made per request or per call must not leave
  /// its blocks behind (the cube fuzzer's memory grew to 2 GB over an hour of contexts).
  deinit {
    let kept = reservoir.withLock { $0.drop(toFit: 0) }
    for (address, _) in kept { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
  }

  /// The size of the blocks that hold `byteCount` bytes.
  static func size(for byteCount: Int) -> Int {
    var size = smallest
    while size < byteCount { size <<= 1 }
    return size
  }

  /// A block of `size` bytes (a value of ``size(for:)``), kept or new; its contents are
  /// undefined. Give it back with ``release(_:size:)``.
  func take(size: Int) -> UnsafeMutableRawPointer {
    if let block = reservoir.withLock({ $0.take(size) }) { return block }
    let huge = size >= Self.hugePage
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: size, alignment: huge ? Self.hugePage : 64)
    if huge { madvise(block, size, MADV_HUGEPAGE) }
    return block
  }

  func release(_ block: UnsafeMutableRawPointer, size: Int) {
    let budget = self.budget
    if !reservoir.withLock({ $0.keep(block, size, budget: budget) }) { block.deallocate() }
  }

  /// Counts `bytes` against the budget until ``refund(_:)``; false (nothing counted) when
  /// they do not fit. Kept blocks make room: they are freed as far as needed.
  func charge(_ bytes: Int) -> Bool {
    let (fits, freed) = reservoir.withLock { reservoir in
      guard bytes <= budget - reservoir.charged else { return (false, [(UInt, Int)]()) }
      reservoir.charged += bytes
      return (true, reservoir.drop(toFit: budget - reservoir.charged))
    }
    for (address, _) in freed { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
    return fits
  }

  func refund(_ bytes: Int) { reservoir.withLock { $0.charged -= bytes } }

  /// What the pool holds now: charged bytes and kept blocks (for tests and reports).
  var usage: (charged: Int, kept: Int) { reservoir.withLock { ($0.charged, $0.bytes) } }

  /// Released blocks by size (addresses as integers: the pointers themselves are not
  /// `Sendable`, and only one caller at a time ever owns a block).
  private struct Reservoir {
    var blocks: [Int: [UInt]] = [:]
    var bytes = 0
    var charged = 0

    mutating func take(_ size: Int) -> UnsafeMutableRawPointer? {
      guard let address = blocks[size]?.popLast() else { return nil }
      bytes -= size
      return UnsafeMutableRawPointer(bitPattern: address)
    }

    mutating func keep(_ block: UnsafeMutableRawPointer, _ size: Int, budget: Int) -> Bool {
      guard size <= ScratchMemory.largestKept, bytes + size <= ScratchMemory.keptBytes,
        charged + bytes + size <= budget
      else { return false }
      blocks[size, default: []].append(UInt(bitPattern: block))
      bytes += size
      return true
    }

    /// Takes kept blocks, largest first, until at most `room` bytes are kept.
    mutating func drop(toFit room: Int) -> [(UInt, Int)] {
      var dropped: [(UInt, Int)] = []
      for size in blocks.keys.sorted(by: >) where bytes > room {
        while bytes > room, let address = blocks[size]?.popLast() {
          bytes -= size
          dropped.append((address, size))
        }
      }
      return dropped
    }
  }
}
