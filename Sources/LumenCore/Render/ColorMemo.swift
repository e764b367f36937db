import Foundation
import Synchronization

/// The results of a pointwise colour pass for 8-bit RGB inputs, remembered as they are
/// computed: a photo holds a few hundred thousand distinct colours among its millions of
/// pixels, so an expensive chain (a 3-D LUT, per-pixel powers) runs once per colour instead of
/// once per pixel.
///
/// Entries are keyed by the colour's bits interleaved (Morton order), so colours that are close
/// share cache lines and pages; the table is reserved as untouched, zero-filled virtual memory
/// and only the pages that a picture's colours reach are ever backed. An entry is written once
/// with a value that depends only on its key, so workers share the table without locks and the
/// output does not depend on which worker computed an entry.
final class ColorMemo: @unchecked Sendable {
  /// One entry per 24-bit colour: the result's three bytes and a fourth that marks it known.
  private let entries: UnsafeMutablePointer<Atomic<UInt32>>
  private static let count = 1 << 24
  static let known: UInt32 = 0xFF00_0000

  init?() {
    guard let memory = calloc(Self.count, MemoryLayout<UInt32>.stride) else { return nil }
    entries = memory.bindMemory(to: Atomic<UInt32>.self, capacity: Self.count)
  }

  deinit { free(entries) }

  /// The known result for `key` (with ``known`` set), or 0.
  @inline(__always)
  func result(for key: Int) -> UInt32 { entries[key].load(ordering: .relaxed) }

  @inline(__always)
  func remember(_ result: UInt32, for key: Int) {
    entries[key].store(result | Self.known, ordering: .relaxed)
  }

  /// The key of the colour (r, g, b): their bits interleaved, through `spread` (a pointer to
  /// ``spread``'s storage, taken once per row).
  @inline(__always)
  static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ spread: UnsafePointer<UInt32>) -> Int {
    Int(spread[Int(r)] | spread[Int(g)] &<< 1 | spread[Int(b)] &<< 2)
  }

  /// A byte's bits moved three places apart: bit i to bit 3i.
  static let spread: [UInt32] = (0..<256).map { byte in
    (0..<8).reduce(0) { bits, i in bits | (UInt32(byte >> i) & 1) << (3 * i) }
  }
}
