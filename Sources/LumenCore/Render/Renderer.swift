import Foundation

/// Computes the pixels of an ``Image`` region: optimises the recipe, materialises the few
/// intermediates that general kernels need, then renders bands of rows in tiles on the
/// context's threads and hands the bands, in order, to a ``RowSink`` while later bands are
/// still being computed.
///
/// The engine of a ``RenderContext``, whose memory and memos it uses.
public struct Renderer: Sendable {
  /// Where the renders run: threads, memory budget, pools.
  public let context: RenderContext
  /// Worker threads (the context's); the output is identical for any count.
  public var threadCount: Int { context.threadCount }
  /// Fuse colour kernels and apply the other graph optimisations (off: every kernel is a pass).
  public var optimizes: Bool
  /// The largest output (in pixels) a render may produce.
  public var maxPixelCount: Int
  /// Compute expensive colour chains once per colour (``MemoizedColorPlan``); off only to test
  /// that remembering changes nothing.
  var remembersColors = true

  /// Tiles are at most this wide and `bandHeight` high: 256 x 32 pixels x 16 bytes (128 KB)
  /// stay in L2 while a chain of kernels runs over them.
  static let tileWidth = 256
  static let bandHeight = 32

  public init(context: RenderContext, optimizes: Bool = true, maxPixelCount: Int = 1 << 30) {
    self.context = context
    self.optimizes = optimizes
    self.maxPixelCount = maxPixelCount
  }

  /// A renderer in a context of its own, made for it (one-off renders and tests; the library
  /// always renders in the context it is given).
  public init(
    threadCount: Int = ProcessInfo.processInfo.activeProcessorCount, optimizes: Bool = true,
    maxPixelCount: Int = 1 << 30
  ) {
    self.init(
      context: RenderContext(threadCount: threadCount), optimizes: optimizes,
      maxPixelCount: maxPixelCount)
  }

  /// Renders `rect` (default: the image's extent) of `image` scaled by `scale` (Lanczos-3;
  /// `rect` is in scaled coordinates) and streams the rows into `sink`.
  public func render(
    _ image: Image, rect: Rect? = nil, scale: Double = 1, format: PixelFormat, to sink: some RowSink
  ) throws {
    let image = scale == 1 ? image : image.scaled(by: scale)
    let region = try validated(rect ?? image.extent)
    // Results held as half floats are finer than 8-bit output, not than 16-bit or float.
    let remembers = remembersColors && format.sample == .uint8
    let plan = Optimizer(fusing: optimizes, remembersColors: remembers, root: image.node)
      .plan(for: image.node, transfer: format.transfer)
    // The caches and source windows are needed, memos only save time: they are charged first,
    // and memos kept from earlier renders make way for them.
    func schedule() throws -> CacheSchedule? {
      try CacheSchedule(
        plan, region: region, bandHeight: Self.bandHeight, inFlight: ringSlots,
        memory: context.scratch)
    }
    let caches: CacheSchedule?
    do {
      caches = try schedule()
    } catch RenderError.overBudget, RenderError.sourceOverBudget {
      context.memos.forgetAll()
      caches = try schedule()
    }
    defer { caches?.end() }
    Self.remember(plan, in: context.memos)
    try sink.begin(width: region.width, height: region.height, format: format)
    try stream(plan, region, format, sink, caches: caches)
    // A source still being decoded may yet fail (a truncated file): never finish on it.
    try caches?.finishSources()
    for whole in Self.wholeSources(of: plan) { try whole.waitUntilComplete() }
    try sink.finish()
  }

  /// Renders `rect` (default: the image's extent) of `image` scaled by `scale` into a new
  /// bitmap.
  public func bitmap(
    of image: Image, rect: Rect? = nil, scale: Double = 1, format: PixelFormat = .rgba8
  ) throws -> Bitmap {
    let image = scale == 1 ? image : image.scaled(by: scale)
    let region = try validated(rect ?? image.extent)
    return try Bitmap(
      width: region.width, height: region.height, format: format, memory: context.scratch
    ) { bytes in
      try render(image, rect: region, format: format, to: BufferSink(bytes))
    }
  }

  private func validated(_ rect: Rect) throws -> Rect {
    if rect.isInfinite { throw RenderError.infiniteRegion }
    if rect.isEmpty { throw RenderError.emptyRegion }
    if rect.area > maxPixelCount {
      throw RenderError.tooLarge(width: rect.width, height: rect.height, limit: maxPixelCount)
    }
    return rect
  }

  /// Gives the memoised colour chains under `plan` their memos.
  private static func remember(_ plan: Plan, in memos: ColorMemo.Recent) {
    (plan as? MemoizedColorPlan)?.remember(in: memos)
    for child in plan.children { remember(child, in: memos) }
  }

  /// The whole pictures of the streamed sources under `plan` that the render read whole.
  static func wholeSources(of plan: Plan) -> [RowBuffer] {
    var own: [RowBuffer] = []
    if let source = plan as? BitmapPlan, case .streamed(let rows) = source.bitmap.pixels,
      rows.isWholeStarted
    {
      own.append(rows.whole())
    }
    return own + plan.children.flatMap(wholeSources(of:))
  }

  private var ringSlots: Int { max(2, 2 * threadCount) }

  // MARK: Streaming output

  /// Workers render bands into a ring of buffers; this thread hands finished bands to the sink
  /// in order, so encoding overlaps with rendering and memory stays bounded. A sink that is
  /// memory (``bitmap(of:rect:scale:format:)``) is itself the ring: bands land in place.
  private func stream(
    _ plan: Plan, _ region: Rect, _ format: PixelFormat, _ sink: some RowSink,
    caches: CacheSchedule?
  ) throws {
    let bandHeight = Self.bandHeight
    let bands = (region.height + bandHeight - 1) / bandHeight
    let bytesPerRow = region.width * format.bytesPerPixel
    let ring =
      if let memory = (sink as? BufferSink)?.bytes.baseAddress {
        BandRing(writingInto: memory, bytes: bandHeight * bytesPerRow, bands: bands)
      } else {
        BandRing(slots: ringSlots, bytes: bandHeight * bytesPerRow, bands: bands)
      }
    let opaque = plan.isOpaque && plan.extent.contains(region)
    let threads = threadCount
    let group = DispatchGroup()
    for _ in 0..<min(threads, bands) {
      DispatchQueue.global().async(group: group) {
        let pool = TilePool(context.scratch)
        while let (band, buffer) = ring.claim() {
          let y0 = region.minY + band * bandHeight
          let rect = Rect(
            x: region.minX, y: y0, width: region.width, height: min(bandHeight, region.maxY - y0))
          render(plan, rect, format, opaque: opaque, to: buffer, bytesPerRow: bytesPerRow, pool)
          if let finished = ring.finish(band) { caches?.retire(afterBands: finished) }
        }
      }
    }
    defer { group.wait() }
    for band in 0..<bands {
      let buffer = ring.wait(for: band)
      let rows = min(bandHeight, region.height - band * bandHeight)
      do {
        try sink.write(
          RowBand(
            firstRow: band * bandHeight, rowCount: rows, width: region.width, format: format,
            bytesPerRow: bytesPerRow,
            bytes: UnsafeRawBufferPointer(start: buffer, count: rows * bytesPerRow)))
      } catch {
        ring.cancel()
        throw error
      }
      ring.release(band)
    }
  }

  /// Renders the band `rect` into `out`: plans that write stored samples directly do so for
  /// whole rows (long runs of memory), the others tile by tile through float planes, but for
  /// tiles they can write directly (the photo beside its layers).
  private func render(
    _ plan: Plan, _ rect: Rect, _ format: PixelFormat, opaque: Bool,
    to out: UnsafeMutableRawPointer, bytesPerRow: Int, _ pool: TilePool
  ) {
    if plan.write(rect, as: format, to: out, bytesPerRow: bytesPerRow, pool: pool) { return }
    for x in stride(from: rect.minX, to: rect.maxX, by: Self.tileWidth) {
      let tileRect = Rect(
        x: x, y: rect.minY, width: min(Self.tileWidth, rect.maxX - x), height: rect.height)
      let tileOut = out + (x - rect.minX) * format.bytesPerPixel
      if plan.write(tileRect, as: format, to: tileOut, bytesPerRow: bytesPerRow, pool: pool) {
        continue
      }
      pool.withTile(tileRect) { tile in
        plan.evaluate(into: tile, pool: pool)
        for y in tileRect.minY..<tileRect.maxY {
          Quantizer.store(
            tile.row(y), opaque: opaque, to: tileOut + (y - tileRect.minY) * bytesPerRow,
            format: format)
        }
      }
    }
  }
}

/// The ring of band buffers shared by the render workers and the consumer.
final class BandRing: @unchecked Sendable {
  private let condition = NSCondition()
  private let memory: UnsafeMutableRawPointer
  private let ownsMemory: Bool
  private let slotBytes: Int
  private let slots: Int
  private let bands: Int
  private var next = 0
  private var released = 0
  private var rendered = 0
  private var done: [Bool]
  private var cancelled = false

  init(slots: Int, bytes: Int, bands: Int) {
    self.slots = slots
    self.slotBytes = bytes
    self.bands = bands
    self.done = Array(repeating: false, count: bands)
    memory = .allocate(byteCount: max(1, slots * bytes), alignment: 64)
    ownsMemory = true
  }

  /// A slot for every band, in `memory`: the bands are rendered where they finally belong.
  init(writingInto memory: UnsafeMutableRawPointer, bytes: Int, bands: Int) {
    self.slots = max(1, bands)
    self.slotBytes = bytes
    self.bands = bands
    self.done = Array(repeating: false, count: bands)
    self.memory = memory
    ownsMemory = false
  }

  deinit { if ownsMemory { memory.deallocate() } }

  private func buffer(_ band: Int) -> UnsafeMutableRawPointer {
    memory + (band % slots) * slotBytes
  }

  /// The next band to render and its buffer, once a buffer is free; nil when all are claimed.
  func claim() -> (Int, UnsafeMutableRawPointer)? {
    condition.lock()
    defer { condition.unlock() }
    while !cancelled && next < bands && next - released >= slots { condition.wait() }
    guard !cancelled, next < bands else { return nil }
    next += 1
    return (next - 1, buffer(next - 1))
  }

  /// Marks `band` rendered; returns how many leading bands are now all rendered when that
  /// count grew.
  func finish(_ band: Int) -> Int? {
    condition.lock()
    defer { condition.unlock() }
    done[band] = true
    condition.broadcast()
    let before = rendered
    while rendered < bands && done[rendered] { rendered += 1 }
    return rendered > before ? rendered : nil
  }

  func wait(for band: Int) -> UnsafeMutableRawPointer {
    condition.lock()
    while !done[band] { condition.wait() }
    condition.unlock()
    return buffer(band)
  }

  func release(_ band: Int) {
    condition.lock()
    released = band + 1
    condition.broadcast()
    condition.unlock()
  }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }
}

/// Collects streamed rows into memory (for ``Renderer/bitmap(of:rect:format:)``).
final class BufferSink: RowSink {
  let bytes: UnsafeMutableRawBufferPointer
  init(_ bytes: UnsafeMutableRawBufferPointer) { self.bytes = bytes }
  func begin(width: Int, height: Int, format: PixelFormat) {}
  func write(_ band: RowBand) {
    let offset = band.firstRow * band.bytesPerRow
    // Rendered in place (see ``Renderer/stream``).
    if band.bytes.baseAddress == UnsafeRawPointer(bytes.baseAddress! + offset) { return }
    UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<(offset + band.bytes.count)])
      .copyMemory(from: band.bytes)
  }
  func finish() {}
}
