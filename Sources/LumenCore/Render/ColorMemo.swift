import Foundation
import Synchronization

/// The results of a pointwise colour chain for 8-bit RGB inputs, remembered as they are
/// computed: a photo holds a few hundred thousand distinct colours among its millions of
/// pixels, so an expensive chain (a 3-D LUT, per-pixel powers) runs once per colour instead of
/// once per pixel.
///
/// Each colour has one word, holding its result (see ``MemoizedColorPlan/Encoding``) or 0 while
/// unknown. Words are keyed by the colour's bits interleaved (Morton order), so that close
/// colours share cache lines and pages, and the table is reserved as untouched, zero-filled
/// virtual memory: only the pages a picture's colours reach are ever backed. A word is written
/// whole, once, with a value that depends only on its colour, so workers share the table
/// without locks and the output does not depend on which worker computed what.
final class ColorMemo: @unchecked Sendable {
  let words: UnsafeMutablePointer<Atomic<UInt64>>
  private static let colors = 1 << 24

  init?() {
    guard let table = calloc(Self.colors, MemoryLayout<UInt64>.stride) else { return nil }
    words = table.bindMemory(to: Atomic<UInt64>.self, capacity: Self.colors)
  }

  deinit { free(words) }

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
