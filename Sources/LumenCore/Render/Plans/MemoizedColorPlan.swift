import Synchronization

/// A colour chain over an opaque 8-bit RGB source, computed once per distinct source colour
/// (see ``ColorMemo``). The pixels are identical to the chain's: the chain is pointwise, so a
/// colour's result does not depend on where it is.
///
/// The memo comes from the render's ``RenderContext`` (``remember(in:)``, before any tile is
/// rendered); when the context's budget leaves no room for one, the chain is computed for
/// every pixel instead.
final class MemoizedColorPlan: Plan, @unchecked Sendable {
  let chain: ColorChainPlan
  let source: BitmapPlan
  var extent: Rect { chain.extent }
  var isOpaque: Bool { true }
  var transfer: Transfer { chain.transfer }
  let encoding: Encoding
  /// What finds the memo of recent renders of the same chain over the same kind of source.
  private let key: ColorMemo.Key?
  /// Set once by ``remember(in:)`` before workers read it.
  private var memo: ColorMemo?

  /// The memoised form of `chain` when its source is an opaque 8-bit RGB bitmap (perhaps
  /// cropped) and a kernel costs more than a lookup; else nil. `.storedBytes` only for a
  /// chain whose results are the 8-bit output.
  static func memoizing(_ chain: ColorChainPlan, encoding: Encoding) -> MemoizedColorPlan? {
    // Crops and whole-pixel moves between the chain and its source only choose which bytes
    // are read.
    var input = chain.input
    var offset = (x: 0, y: 0)
    while true {
      if let crop = input as? CropPlan {
        input = crop.input
      } else if let move = input as? TranslatePlan {
        offset = (offset.x + move.dx, offset.y + move.dy)
        input = move.input
      } else {
        break
      }
    }
    // Results are remembered as colours of opaque pixels: a chain that may change alpha is
    // computed.
    guard chain.isOpaque, let source = input as? BitmapPlan, source.bitmap.format == .rgb8,
      chain.kernels.contains(where: { !$0.isCheap })
    else { return nil }
    // Kernels that are values can be compared, so later renders of the same chain find the
    // memo again.
    let kernels = chain.kernels.compactMap { $0 as? any Hashable }.map { AnyHashable($0) }
    let key =
      kernels.count == chain.kernels.count
      ? ColorMemo.Key(kernels: kernels, table: source.table, encoding: encoding) : nil
    return MemoizedColorPlan(chain, source, offset, key, encoding)
  }

  /// Takes the memo from `memos` (a context's), unless it has one already.
  func remember(in memos: ColorMemo.Recent) {
    if memo == nil { memo = memos.memo(for: key, encoding: encoding) }
  }

  /// Where the source's pixel (0, 0) is in this plan's coordinates.
  private let offset: (x: Int, y: Int)

  private init(
    _ chain: ColorChainPlan, _ source: BitmapPlan, _ offset: (x: Int, y: Int),
    _ key: ColorMemo.Key?, _ encoding: Encoding
  ) {
    self.chain = chain
    self.source = source
    self.offset = offset
    self.key = key
    self.encoding = encoding
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { chain.inputs(for: rect) }
  var children: [Plan] { chain.children }

  func evaluate(into tile: Tile, pool: TilePool) {
    guard let memo else { return chain.evaluate(into: tile, pool: pool) }
    let area = tile.rect.intersection(extent)
    tile.clear(outside: area)
    forEachRow(of: area, memo, pool: pool) { y, words in
      let out = tile.row(y, from: area.minX, count: area.width)
      switch encoding {
      case .halfFloat:
        // Channel by channel over the row's halves, so that the conversions vectorise.
        let halves = UnsafeRawPointer(words).assumingMemoryBound(to: Float16.self)
        for i in 0..<out.count {
          out.red[i] = Float(halves[4 &* i])
          out.green[i] = Float(halves[4 &* i &+ 1])
          out.blue[i] = Float(halves[4 &* i &+ 2])
          out.alpha[i] = 1
        }
      case .storedBytes:
        for i in 0..<out.count {
          (out.red[i], out.green[i], out.blue[i]) = encoding.decode(words[i])
          out.alpha[i] = 1
        }
      }
    }
  }

  /// Writes the stored bytes of `rect` straight from the memo, skipping the float planes and
  /// their quantisation, when it remembers exactly those bytes.
  func write(
    _ rect: Rect, as format: PixelFormat, to out: UnsafeMutableRawPointer, bytesPerRow: Int,
    pool: TilePool
  ) -> Bool {
    guard let memo, encoding == .storedBytes, extent.contains(rect),
      format == .rgb8 || format == .rgba8
    else { return false }
    let channels = format.channels
    let alpha: UInt32 = channels == 4 ? 0xFF00_0000 : 0
    // Four bytes a pixel. With three channels the fourth lands on the next pixel, whose own
    // store replaces it; the row's last pixel, whose next byte is another row's, is stored
    // byte by byte.
    let whole = channels == 4 ? rect.width : rect.width - 1
    forEachRow(of: rect, memo, pool: pool) { y, words in
      let row = out + (y - rect.minY) * bytesPerRow
      for i in 0..<whole {
        let word = UInt32(truncatingIfNeeded: words[i]) & 0xFF_FFFF | alpha
        (row + i &* channels).storeBytes(of: word.littleEndian, as: UInt32.self)
      }
      if channels == 3 {
        let last = words[rect.width - 1]
        let p = (row + whole * 3).assumingMemoryBound(to: UInt8.self)
        (p[0], p[1], p[2]) = (
          UInt8(truncatingIfNeeded: last), UInt8(truncatingIfNeeded: last >> 8),
          UInt8(truncatingIfNeeded: last >> 16)
        )
      }
    }
    return true
  }

  /// Calls `body` with each row of `area` and the memo words of its pixels.
  private func forEachRow(
    of area: Rect, _ memo: ColorMemo, pool: TilePool, _ body: (Int, UnsafePointer<UInt64>) -> Void
  ) {
    if area.isEmpty { return }
    let rows = source.rows
    rows.wait(forRows: area.maxY - offset.y)
    // Scratch: the colours not yet known (one plane each), and the row's words.
    pool.withTile(Rect(width: area.width, height: 2)) { scratch in
      // Row 1's first plane holds the positions of a row's unknown colours.
      let missing = UnsafeMutableRawPointer(scratch.row(1).red).assumingMemoryBound(to: Int32.self)
      let tag = memo.tag
      let words = UnsafeMutablePointer<UInt64>.allocate(capacity: area.width)
      defer { words.deallocate() }
      source.table.withUnsafeBufferPointer { table in
        for y in area.minY..<area.maxY {
          let row =
            (rows.row(y - offset.y) + (area.minX - offset.x) * 3)
            .assumingMemoryBound(to: UInt8.self)
          switch encoding {
          case .storedBytes:
            lookUp(
              row, count: area.width, memo.words(UInt32.self), tag,
              table.baseAddress!, scratch.row(0), missing, words)
          case .halfFloat:
            lookUp(
              row, count: area.width, memo.words(UInt64.self), tag,
              table.baseAddress!, scratch.row(0), missing, words)
          }
          body(y, words)
        }
      }
    }
  }

  /// The memo words for a row of source bytes: remembered colours directly, the others
  /// through the chain, then remembered. A word is known when its tag bits are `tag` (see
  /// ``Encoding/tagMask``).
  ///
  /// Looking up is a loop of its own, free of other work, so that the processor keeps many
  /// lookups in flight: the table is far larger than the caches, and each lookup would
  /// otherwise wait for memory in turn.
  @inline(__always)
  private func lookUp<Word: MemoWord>(
    _ p: UnsafePointer<UInt8>, count n: Int, _ memo: UnsafeMutablePointer<Atomic<Word>>,
    _ tag: UInt64,
    _ table: UnsafePointer<Float>, _ scratch: PixelSpan, _ missing: UnsafeMutablePointer<Int32>,
    _ found: UnsafeMutablePointer<UInt64>
  ) {
    for i in 0..<n {
      let o = i &* 3
      found[i] = UInt64(truncatingIfNeeded: ColorMemo.key(p[o], p[o &+ 1], p[o &+ 2]))
    }
    for i in 0..<n { found[i] = UInt64(Word.load(memo[Int(truncatingIfNeeded: found[i])])) }
    // Once a picture's colours are known (later frames of a video), rows end here: this
    // test vectorises, where looking for the unknown ones pixel by pixel branches.
    let mask = encoding.tagMask
    var unknown: UInt64 = 0
    for i in 0..<n { unknown |= (found[i] & mask) ^ tag }
    if unknown == 0 { return }
    // The unknown colours' positions, without a branch per pixel (after a slider change a
    // preview misses a quarter of its pixels, in no predictable pattern), then their colours.
    var missed = 0
    for i in 0..<n {
      missing[missed] = Int32(truncatingIfNeeded: i)
      missed &+= found[i] & mask != tag ? 1 : 0
    }
    for m in 0..<missed {
      let o = Int(missing[m]) &* 3
      scratch.red[m] = table[Int(p[o])]
      scratch.green[m] = table[Int(p[o &+ 1])]
      scratch.blue[m] = table[Int(p[o &+ 2])]
      scratch.alpha[m] = 1
    }
    let computed = PixelSpan(
      red: scratch.red, green: scratch.green, blue: scratch.blue, alpha: scratch.alpha,
      count: missed)
    for kernel in chain.kernels { kernel.apply(to: computed) }
    for m in 0..<missed {
      let i = Int(missing[m])
      let o = i &* 3
      let word = encoding.encode(computed.red[m], computed.green[m], computed.blue[m]) | tag
      let key = ColorMemo.key(p[o], p[o &+ 1], p[o &+ 2])
      Word.store(Word(truncatingIfNeeded: word), in: memo[key])
      found[i] = word
    }
  }
}

extension MemoizedColorPlan {
  /// How a result is held in a memo word, beside a tag that tells the words of the current
  /// memo from those its table held before (0 in a word never written).
  enum Encoding: Sendable {
    /// The bytes the result is stored as, when the plan's pixels go straight to 8-bit
    /// samples: remembering then changes no output byte.
    case storedBytes
    /// Half floats, as Core Image's intermediates: within 2^-11 of the result (an eighth of
    /// an 8-bit level), when the plan feeds other kernels of a render to 8-bit samples.
    case halfFloat

    /// Bytes per memo word.
    var wordSize: Int {
      switch self {
      case .storedBytes: 4
      case .halfFloat: 8
      }
    }

    /// The bits of a word that hold its tag: the byte after the three stored bytes, or the
    /// half float where alpha (always 1) would be.
    var tagMask: UInt64 {
      switch self {
      case .storedBytes: 0xFF << 24
      case .halfFloat: 0xFFFF << 48
      }
    }

    /// The tag for the `generation`th use of a table (1 up to ``tags``).
    func tag(_ generation: Int) -> UInt64 { UInt64(generation) << tagMask.trailingZeroBitCount }

    /// How many tags there are; after the last, a table is cleared and starts again at 1.
    var tags: Int { Int(tagMask >> tagMask.trailingZeroBitCount) }

    /// The result's word, its tag bits 0.
    @inline(__always)
    func encode(_ r: Float, _ g: Float, _ b: Float) -> UInt64 {
      switch self {
      case .storedBytes:
        let bytes =
          Quantizer.quantize(r, 255) | Quantizer.quantize(g, 255) << 8
          | Quantizer.quantize(b, 255) << 16
        return UInt64(bytes)
      case .halfFloat:
        let h = SIMD4<Float16>(Float16(r), Float16(g), Float16(b), 0)
        return unsafeBitCast(h, to: UInt64.self)
      }
    }

    @inline(__always)
    func decode(_ word: UInt64) -> (Float, Float, Float) {
      switch self {
      case .storedBytes:
        let unit: Float = 1 / 255
        return (
          Float(word & 0xFF) * unit, Float((word >> 8) & 0xFF) * unit,
          Float((word >> 16) & 0xFF) * unit
        )
      case .halfFloat:
        let h = unsafeBitCast(word, to: SIMD4<Float16>.self)
        return (Float(h.x), Float(h.y), Float(h.z))
      }
    }
  }
}
