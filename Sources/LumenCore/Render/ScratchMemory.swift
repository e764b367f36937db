import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Memory for the intermediates of renders (tiles, caches), kept between renders. A preview
/// re-rendered after each slider change, or each frame of a video, needs the same megabytes
/// every time; allocated afresh they are mapped, faulted in page by page and unmapped again
/// (a tenth of a preview's time went to page faults).
///
/// Blocks come in powers of two; those of 2 MiB and more are aligned for huge pages. At most
/// ``keptBytes`` of released blocks are kept, none larger than ``largestKept`` (a 4K video
/// frame; a whole photo's pixels are not held once it is done).
enum ScratchMemory {
  static let keptBytes = 192 << 20
  static let largestKept = 32 << 20
  private static let smallest = 1 << 14
  private static let hugePage = 1 << 21

  /// The size of the blocks that hold `byteCount` bytes.
  static func size(for byteCount: Int) -> Int {
    var size = smallest
    while size < byteCount { size <<= 1 }
    return size
  }

  /// A block of `size` bytes (a value of ``size(for:)``), kept or new; its contents are
  /// undefined. Give it back with ``release(_:size:)``.
  static func take(size: Int) -> UnsafeMutableRawPointer {
    if let block = kept.withLock({ $0.take(size) }) { return block }
    let huge = size >= hugePage
    let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: huge ? hugePage : 64)
    if huge { madvise(block, size, MADV_HUGEPAGE) }
    return block
  }

  static func release(_ block: UnsafeMutableRawPointer, size: Int) {
    if !kept.withLock({ $0.keep(block, size) }) { block.deallocate() }
  }

  private static let kept = Mutex(Reservoir())

  /// Released blocks by size (addresses as integers: the pointers themselves are not
  /// `Sendable`, and only one caller at a time ever owns a block).
  private struct Reservoir: ~Copyable {
    var blocks: [Int: [UInt]] = [:]
    var bytes = 0

    mutating func take(_ size: Int) -> UnsafeMutableRawPointer? {
      guard let address = blocks[size]?.popLast() else { return nil }
      bytes -= size
      return UnsafeMutableRawPointer(bitPattern: address)
    }

    mutating func keep(_ block: UnsafeMutableRawPointer, _ size: Int) -> Bool {
      guard size <= ScratchMemory.largestKept, bytes + size <= ScratchMemory.keptBytes else {
        return false
      }
      blocks[size, default: []].append(UInt(bitPattern: block))
      bytes += size
      return true
    }
  }
}
