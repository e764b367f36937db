/// How much of each cache a render holds at once, and when its rows may be reused.
///
/// The schedule replays the render: output band after output band, it follows the regions
/// each band asks of the plan down through the caches. A cache fills whole bands of its
/// region's width, each once, by the first output band that needs it; only then does it read
/// its input. So it knows, for each cache, the rows every output band reads and the first row
/// that the bands still to come will read. Each ring then holds every band that the output
/// bands in flight can read from that row on; a smaller ring could leave a worker waiting for
/// rows to be retired by a band that itself waits on that worker.
struct CacheSchedule {
  private let caches: [CachePlan]
  /// `firstRowRead[c][f]`: the first row of cache `c` read by output bands `f` and later.
  private let firstRowRead: [[Int]]
  /// The streamed sources this render decodes through windows of its own.
  private let sources: SourceWindows
  /// The bytes of the caches' storage and the sources' windows, charged to the context's
  /// budget until the render ends (``end()``).
  private let charged: Int
  private let memory: ScratchMemory

  /// The regions every cache under `plan` covers and the storage it reserves from `memory`,
  /// for rendering `region` in bands of `bandHeight` rows with up to `inFlight` bands
  /// rendered at once, and how the streamed sources are decoded (see ``SourceWindows``); nil
  /// when the plan has neither. Throws ``RenderError/overBudget(needed:budget:)`` when the
  /// storage does not fit in what the context's budget has left: a ring holds the fewest rows
  /// that let the bands in flight proceed, so there is nothing smaller to fall back on.
  init?(
    _ plan: Plan, region: Rect, bandHeight: Int, inFlight: Int, memory: ScratchMemory
  ) throws {
    var whole = Replay()
    whole.visit(plan, region)
    let streamed = SourceWindows.candidates(in: plan)
    if whole.asked.isEmpty && streamed.isEmpty { return nil }
    let caches = whole.asked.values.map(\.cache)
    self.caches = caches
    let bandCount = (region.height + bandHeight - 1) / bandHeight
    for (cache, rect) in whole.asked.values {
      // About the rows one output band advances through the cache, 4 to 16.
      let advance = (rect.height + bandCount - 1) / bandCount
      cache.prepare(rect, bandHeight: advance <= 4 ? 4 : advance <= 8 ? 8 : 16)
    }
    var replay = Replay(fillsBands: true)
    var needs = Array(repeating: [Rect](), count: caches.count)
    var reads = Array(repeating: [Rect](), count: streamed.count)
    for band in 0..<bandCount {
      let y = region.minY + band * bandHeight
      replay.asked = [:]
      replay.read = [:]
      replay.visit(
        plan,
        Rect(x: region.minX, y: y, width: region.width, height: min(bandHeight, region.maxY - y)))
      for (c, cache) in caches.enumerated() {
        needs[c].append(replay.asked[ObjectIdentifier(cache)]?.rect ?? .empty)
      }
      for (s, source) in streamed.enumerated() {
        reads[s].append(replay.read[ObjectIdentifier(source.rows)] ?? .empty)
      }
    }
    let first = zip(caches, needs).map { Self.firstRows($1, end: $0.region.maxY) }
    firstRowRead = first
    let rings = caches.indices.map { c in
      Self.ring(
        needs[c], first[c], top: caches[c].region.minY, granule: caches[c].bandHeight,
        inFlight: inFlight)
    }
    let cacheBytes = zip(caches, rings).reduce(0) { $0 + $1.0.bytes(reserving: $1.1) }
    let windows = zip(streamed, reads).map { source, reads in
      let first = Self.firstRows(reads, end: source.height)
      let rows = Self.ring(reads, first, top: 0, granule: 1, inFlight: inFlight)
      return SourceWindows.Decision(
        source, firstRowRead: first, ringRows: rows, bandHeight: bandHeight,
        budget: memory.budget)
    }
    let bytes = cacheBytes + windows.reduce(0) { $0 + $1.bytes }
    guard memory.charge(bytes) else {
      let whole = windows.first { $0.isWhole && $0.bytes > 0 }
      throw whole?.overBudget(memory.budget)
        ?? RenderError.overBudget(needed: bytes, budget: memory.budget)
    }
    charged = bytes
    self.memory = memory
    for (cache, rows) in zip(caches, rings) { cache.reserve(rows: rows, from: memory) }
    sources = SourceWindows(windows, memory: memory)
  }

  /// Gives the caches' and windows' bytes back to the budget once the render is over, and
  /// stops the decoders of windows still running (a render that failed).
  func end() {
    sources.cancel()
    memory.refund(charged)
  }

  /// Lets every cache and source window reuse the rows that output bands from `finished` on
  /// will not read.
  func retire(afterBands finished: Int) {
    for (c, cache) in caches.enumerated() {
      cache.retire(rowsAbove: firstRowRead[c][min(finished, firstRowRead[c].count - 1)])
    }
    sources.retire(afterBands: finished)
  }

  /// Lets the windows' decoders run to the end of their files and throws the first error.
  func finishSources() throws { try sources.finish() }

  /// `first[f]`: the first row read by bands `f` and later (`end` when none reads), for the
  /// rows `needs[f]` every band reads.
  private static func firstRows(_ needs: [Rect], end: Int) -> [Int] {
    var first = Array(repeating: end, count: needs.count + 1)
    for band in stride(from: needs.count - 1, through: 0, by: -1) {
      first[band] = needs[band].isEmpty ? first[band + 1] : min(first[band + 1], needs[band].minY)
    }
    return first
  }

  /// The rows (whole granules of `granule` rows from `top`) a ring must hold so that the
  /// `inFlight` bands after the first unfinished one find every row they read.
  private static func ring(
    _ needs: [Rect], _ first: [Int], top: Int, granule b: Int, inFlight: Int
  ) -> Int {
    var lastRow = top
    var ring = 1
    var latest = 0
    for band in needs.indices {
      // Bands up to `band + inFlight - 1` may be rendering while `band` is the first unfinished.
      while latest < min(band + inFlight, needs.count) {
        if !needs[latest].isEmpty { lastRow = max(lastRow, needs[latest].maxY) }
        latest += 1
      }
      let retired = (first[band] - top) / b
      ring = max(ring, (lastRow - top + b - 1) / b - retired)
    }
    return ring * b
  }

  /// Follows the regions asked of a plan down to its caches.
  private struct Replay {
    /// Whether caches read their inputs only for bands they have not filled before (else:
    /// for exactly what is asked of them, to find their regions).
    var fillsBands = false
    /// What was asked of each cache since this was last emptied.
    var asked: [ObjectIdentifier: (cache: CachePlan, rect: Rect)] = [:]
    /// The rows read of each streamed source (by its ``StreamedRows``) since this was last
    /// emptied.
    var read: [ObjectIdentifier: Rect] = [:]
    private var filled: [ObjectIdentifier: Set<Int>] = [:]

    init(fillsBands: Bool = false) { self.fillsBands = fillsBands }

    mutating func visit(_ plan: Plan, _ rect: Rect) {
      if rect.isEmpty || rect.isInfinite { return }
      var rect = rect
      if let source = plan as? BitmapPlan, case .streamed(let rows) = source.bitmap.pixels {
        read[ObjectIdentifier(rows), default: .empty] = read[
          ObjectIdentifier(rows), default: .empty
        ].union(rect)
      }
      if let cache = plan as? CachePlan {
        let id = ObjectIdentifier(cache)
        asked[id] = (cache, (asked[id]?.rect ?? .empty).union(rect))
        if fillsBands {
          let inside = rect.intersection(cache.region)
          if inside.isEmpty { return }
          let fresh = cache.bands(covering: inside).filter {
            filled[id, default: []].insert($0).inserted
          }
          guard let first = fresh.first, let last = fresh.last else { return }
          rect = cache.rect(ofBands: first...last)
        }
      }
      for (input, region) in plan.inputs(for: rect) {
        visit(input, region.intersection(input.extent))
      }
    }
  }
}
