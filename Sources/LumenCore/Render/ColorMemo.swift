import Foundation
import Synchronization

/// The results of a pointwise colour chain for 8-bit RGB inputs, remembered as they are
/// computed: a photo holds a few hundred thousand distinct colours among its millions of
/// pixels, so an expensive chain (a 3-D LUT, per-pixel powers) runs once per colour instead of
/// once per pixel.
///
/// Each colour has one word, holding its result (see ``MemoizedColorPlan/Encoding``) and the
/// memo's tag; a word without it is unknown. Words are keyed so that the colours of a picture
/// share few cache lines (see ``key(_:_:_:_:)``), and the table is reserved as untouched,
/// zero-filled virtual memory: only the pages a picture's colours reach are ever backed. A
/// word is written whole, once, with a value that depends only on its colour, so workers share
/// the table without locks and the output does not depend on which worker computed what.
final class ColorMemo: @unchecked Sendable {
  let encoding: MemoizedColorPlan.Encoding
  private let table: MemoTable
  /// Where the table goes when the memo is done with it.
  private let spares: MemoTable.Spares
  static let colors = 1 << 24

  init?(encoding: MemoizedColorPlan.Encoding, spares: MemoTable.Spares) {
    guard let table = spares.take(for: encoding) else { return nil }
    self.table = table
    self.encoding = encoding
    self.spares = spares
  }

  deinit { spares.recycle(table) }

  /// The table as words of `type`, which must be the encoding's word size.
  func words<Word: MemoWord>(_ type: Word.Type) -> UnsafeMutablePointer<Atomic<Word>> {
    precondition(MemoryLayout<Word>.size == encoding.wordSize)
    return table.memory.bindMemory(to: Atomic<Word>.self, capacity: Self.colors)
  }

  /// What the words this memo wrote carry (see ``MemoizedColorPlan/Encoding/tagMask``).
  var tag: UInt64 { encoding.tag(table.generation) }

  /// What a memo's results depend on: the chain's kernels (as values), the source's
  /// conversion table and how results are held.
  struct Key: Hashable {
    let kernels: [AnyHashable]
    let table: [Float]
    let encoding: MemoizedColorPlan.Encoding
  }

  /// The memos of one ``RenderContext``'s recent renders, most recent last: frames of a
  /// video, or a batch of photos given the same look, reuse one memo instead of computing
  /// every colour afresh. Each holds what its pictures touched (tens of MB at most); two are
  /// kept. A short list guarded by a lock (keys hold kernels, which need not be `Sendable`,
  /// but are only compared under the lock).
  final class Recent: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(key: Key, memo: ColorMemo)] = []
    private let kept = 2
    let spares: MemoTable.Spares

    init(memory: ScratchMemory) { spares = MemoTable.Spares(memory: memory) }

    /// The memo for `key`, reused when a recent render had the same key (without a key, a
    /// new one); nil if the budget leaves no room for a new one (the chain is computed
    /// for every pixel instead).
    func memo(for key: Key?, encoding: MemoizedColorPlan.Encoding) -> ColorMemo? {
      guard let key else { return ColorMemo(encoding: encoding, spares: spares) }
      return lock.withLock {
        if let i = entries.firstIndex(where: { $0.key == key }) {
          let entry = entries.remove(at: i)
          entries.append(entry)
          return entry.memo
        }
        var memo = ColorMemo(encoding: key.encoding, spares: spares)
        // Short of budget: the oldest memos give their tables back first.
        while memo == nil, !entries.isEmpty {
          entries.removeFirst()
          spares.drop()
          memo = ColorMemo(encoding: key.encoding, spares: spares)
        }
        guard let memo else { return nil }
        entries.append((key, memo))
        if entries.count > kept { entries.removeFirst() }
        return memo
      }
    }

    /// Gives every kept memo's table back to the budget: a render's caches and source
    /// windows must have room, memos are only a speed-up.
    func forgetAll() {
      let forgotten = lock.withLock {
        defer { entries = [] }
        return entries
      }
      _ = forgotten
      spares.drop()
    }
  }

  /// The key of the colour (r, g, b). Neighbouring pixels mostly differ in brightness, so a
  /// cache line (16 words) holds 16 consecutive greens of one chroma (r - g, b - g): on a 1080p
  /// video frame a quarter of the lines that interleaving r, g and b touches (14 K against
  /// 58 K: 0.9 MB, which fits in L2). Then come the differences' low five bits and green's
  /// high bits; the differences' high bits come last, so a picture's colours, close to grey,
  /// fall in few 2 MiB regions (the 24 MP photo: 27 of 64 instead of 54, each one huge page).
  @inline(__always)
  static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
    let (u, v) = (r &- g, b &- g)
    return Int(g & 15) | Int(u & 31) &<< 4 | Int(v & 31) &<< 9 | Int(g >> 4) &<< 14
      | Int(u >> 5) &<< 18 | Int(v >> 5) &<< 21
  }
}

/// The unsigned integers memo words are made of (atomic loads and stores need the concrete
/// type, so generic code reaches them through this protocol).
protocol MemoWord: FixedWidthInteger, AtomicRepresentable {
  static func load(_ word: borrowing Atomic<Self>) -> Self
  static func store(_ value: Self, in word: borrowing Atomic<Self>)
}

extension UInt32: MemoWord {
  @inline(__always)
  static func load(_ word: borrowing Atomic<Self>) -> Self { word.load(ordering: .relaxed) }
  @inline(__always)
  static func store(_ value: Self, in word: borrowing Atomic<Self>) {
    word.store(value, ordering: .relaxed)
  }
}

extension UInt64: MemoWord {
  @inline(__always)
  static func load(_ word: borrowing Atomic<Self>) -> Self { word.load(ordering: .relaxed) }
  @inline(__always)
  static func store(_ value: Self, in word: borrowing Atomic<Self>) {
    word.store(value, ordering: .relaxed)
  }
}

/// The memory of a memo: a word per colour. A released table is kept for the next memo,
/// which tags its words anew, so the words left by earlier memos read as unknown without
/// clearing anything: a preview re-rendered after each slider change would otherwise map,
/// fault in and unmap a fresh table every time, or clear megabytes before it starts.
final class MemoTable: @unchecked Sendable {
  let memory: UnsafeMutableRawPointer
  let wordSize: Int
  /// Which use of the table this is, from 1 (see ``MemoizedColorPlan/Encoding/tag(_:)``).
  private(set) var generation = 1
  private var bytes: Int { ColorMemo.colors * wordSize }

  /// Refunded the table's bytes when it is freed.
  private let account: ScratchMemory

  /// A fresh table, whose bytes the caller has charged to `account`.
  fileprivate init?(wordSize: Int, chargedTo account: ScratchMemory) {
    let bytes = ColorMemo.colors * wordSize
    self.account = account
    // Mapped afresh: zero-filled, and backed only where touched.
    guard let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      memory != MAP_FAILED
    else { return nil }
    // Huge pages spare the lookups TLB misses (a 4K frame's edit ~15% faster, the edit
    // stack's export 3%, its preview re-render 4%), at the price of backing whole 2 MiB
    // regions where a picture's colours fall (the 24 MP photo: 27 of the 64, see `key`).
    _ = madvise(memory, bytes, MADV_HUGEPAGE)
    self.memory = memory
    self.wordSize = wordSize
  }

  deinit {
    munmap(memory, bytes)
    account.refund(bytes)
  }

  /// Starts the table's next use (called with no memo using the table); after the last tag,
  /// the pages are dropped and come back zero-filled.
  fileprivate func renew(tags: Int) {
    generation += 1
    if generation > tags {
      _ = madvise(memory, bytes, MADV_DONTNEED)
      generation = 1
    }
  }

  /// The released tables of one context, at most one per word size, and the account that
  /// tables are charged to (their whole size: each may come to be backed entirely).
  final class Spares: Sendable {
    let memory: ScratchMemory
    private let tables = Locked<[Int: MemoTable]>([:])

    init(memory: ScratchMemory) { self.memory = memory }

    func take(for encoding: MemoizedColorPlan.Encoding) -> MemoTable? {
      if let table = tables.withLock({ $0.removeValue(forKey: encoding.wordSize) }) {
        table.renew(tags: encoding.tags)
        return table
      }
      let bytes = ColorMemo.colors * encoding.wordSize
      if !memory.charge(bytes) {
        // A spare of the other size may be what stands in the way.
        drop()
        guard memory.charge(bytes) else { return nil }
      }
      guard let table = MemoTable(wordSize: encoding.wordSize, chargedTo: memory) else {
        memory.refund(bytes)
        return nil
      }
      return table
    }

    func recycle(_ table: MemoTable) {
      // The table replaced (if any) is freed and refunded outside the lock.
      let replaced = tables.withLock { $0.updateValue(table, forKey: table.wordSize) }
      _ = replaced
    }

    /// Frees the spare tables.
    func drop() {
      let dropped = tables.withLock { tables in
        defer { tables = [:] }
        return Array(tables.values)
      }
      _ = dropped
    }
  }
}
