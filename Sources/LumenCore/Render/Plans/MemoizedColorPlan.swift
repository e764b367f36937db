/// A colour chain over an opaque 8-bit RGB source whose result is stored as 8-bit samples:
/// each distinct source colour goes through the chain once and its stored bytes are remembered
/// (see ``ColorMemo``). The output is identical to the chain's, pixel for pixel: the chain is
/// pointwise and the remembered bytes are what quantising its result gives.
final class MemoizedColorPlan: Plan {
  let chain: ColorChainPlan
  let source: BitmapPlan
  private let memo: ColorMemo
  var extent: Rect { chain.extent }
  var isOpaque: Bool { true }
  var transfer: Transfer { chain.transfer }

  /// The memoised form of `plan` when it is such a chain and worth remembering, else nil.
  static func memoizing(_ plan: Plan, storedAs format: PixelFormat) -> Plan? {
    guard format.sample == .uint8, format.transfer == plan.transfer,
      let chain = plan as? ColorChainPlan, let source = chain.input as? BitmapPlan,
      source.bitmap.format == .rgb8, chain.kernels.contains(where: { !$0.isCheap }),
      let memo = ColorMemo()
    else { return nil }
    return MemoizedColorPlan(chain, source, memo)
  }

  private init(_ chain: ColorChainPlan, _ source: BitmapPlan, _ memo: ColorMemo) {
    self.chain = chain
    self.source = source
    self.memo = memo
  }

  func inputs(for rect: Rect) -> [(Plan, Rect)] { [(source, rect)] }
  var children: [Plan] { [source] }

  func evaluate(into tile: Tile, pool: TilePool) {
    let area = tile.rect.intersection(extent)
    tile.clear(outside: area)
    if area.isEmpty { return }
    let bitmap = source.bitmap
    bitmap.waitForRows(area.maxY)
    let bytes = UnsafeRawPointer(bitmap.storage.bytes.baseAddress!)
    // Scratch: the colours not yet known (one plane each), their positions, and the row's
    // remembered results.
    pool.withTile(Rect(width: area.width, height: 1)) { scratch in
      let found = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * area.width)
      defer { found.deallocate() }
      ColorMemo.spread.withUnsafeBufferPointer { spread in
        source.table.withUnsafeBufferPointer { table in
          for y in area.minY..<area.maxY {
            let row = (bytes + y * bitmap.bytesPerRow + area.minX * 3)
              .assumingMemoryBound(to: UInt8.self)
            fill(
              tile.row(y, from: area.minX, count: area.width), from: row, spread.baseAddress!,
              table.baseAddress!, scratch.row(0), found)
          }
        }
      }
    }
  }

  /// Writes the results for one row of source bytes: remembered colours directly, the others
  /// through the chain, then remembered.
  ///
  /// The lookups are a loop of their own, free of other work, so that the processor keeps
  /// many of them in flight: the table is far larger than the caches and each lookup would
  /// otherwise wait for memory in turn.
  @inline(__always)
  private func fill(
    _ out: PixelSpan, from p: UnsafePointer<UInt8>, _ spread: UnsafePointer<UInt32>,
    _ table: UnsafePointer<Float>, _ scratch: PixelSpan, _ found: UnsafeMutablePointer<UInt32>
  ) {
    let n = out.count
    let keys = found + n
    for i in 0..<n {
      let o = i &* 3
      keys[i] = UInt32(truncatingIfNeeded: ColorMemo.key(p[o], p[o &+ 1], p[o &+ 2], spread))
    }
    for i in 0..<n { found[i] = memo.result(for: Int(keys[i])) }
    let unit: Float = 1 / 255
    var known = ColorMemo.known
    for i in 0..<n {
      let result = found[i]
      known &= result
      out.red[i] = Float(result & 0xFF) * unit
      out.green[i] = Float((result >> 8) & 0xFF) * unit
      out.blue[i] = Float((result >> 16) & 0xFF) * unit
      out.alpha[i] = 1
    }
    if known != 0 { return }
    // Gather the unknown colours (their positions reuse `keys`), run the chain over them.
    var missed = 0
    for i in 0..<n where found[i] == 0 {
      let o = i &* 3
      keys[missed] = UInt32(truncatingIfNeeded: i)
      scratch.red[missed] = table[Int(p[o])]
      scratch.green[missed] = table[Int(p[o &+ 1])]
      scratch.blue[missed] = table[Int(p[o &+ 2])]
      scratch.alpha[missed] = 1
      missed &+= 1
    }
    let computed = PixelSpan(
      red: scratch.red, green: scratch.green, blue: scratch.blue, alpha: scratch.alpha,
      count: missed)
    for kernel in chain.kernels { kernel.apply(to: computed) }
    for m in 0..<missed {
      let i = Int(keys[m])
      let o = i &* 3
      let r = Quantizer.quantize(computed.red[m], 255)
      let g = Quantizer.quantize(computed.green[m], 255)
      let b = Quantizer.quantize(computed.blue[m], 255)
      memo.remember(r | g << 8 | b << 16, for: ColorMemo.key(p[o], p[o &+ 1], p[o &+ 2], spread))
      out.red[i] = Float(r) * unit
      out.green[i] = Float(g) * unit
      out.blue[i] = Float(b) * unit
    }
  }
}
