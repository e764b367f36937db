/// How a render reads its streamed sources (``Bitmap/init(width:height:format:producer:)``):
/// each decoded afresh into a window of rows that the render releases as its bands finish, when
/// the render reads the source top to bottom with a bounded look-behind (colour chains, crops,
/// resizes, small blurs), or else decoded whole (a quarter turn reads every row for its first
/// band), the whole picture then counted against the context's budget while the render runs.
///
/// Small pictures (at most ``ScratchMemory/largestKept`` bytes and a 32nd of the context's
/// budget) are always decoded whole: they are kept with their bitmap, so a preview rendered
/// again and again decodes once.
struct SourceWindows {
  /// A streamed source of a render: its rows and the plans that read them.
  struct Source {
    let rows: StreamedRows
    let plans: [BitmapPlan]
    let width: Int
    var height: Int { rows.height }
    var byteCount: Int { rows.height * rows.bytesPerRow }
  }

  /// What a render does with one source.
  struct Decision {
    let source: Source
    /// `firstRowRead[f]`: the first row read by output bands `f` and later.
    let firstRowRead: [Int]
    /// The rows of the window; nil: decoded whole.
    let windowRows: Int?

    /// Rows a window holds beyond what the bands in flight read, so that the decoder runs
    /// ahead of them: eight output bands and a JPEG row group (a 24 MP transcode ~5% faster
    /// than with two bands, for 4.7 MB more).
    static func slack(bandHeight: Int) -> Int { 8 * bandHeight + 16 }

    /// The decision for `source`, whose bands in flight read at most `ringRows` rows at once,
    /// in a context of `budget` bytes.
    init(_ source: Source, firstRowRead: [Int], ringRows: Int, bandHeight: Int, budget: Int) {
      self.source = source
      self.firstRowRead = firstRowRead
      let rows = ringRows + Self.slack(bandHeight: bandHeight)
      isSmall = source.byteCount <= min(ScratchMemory.largestKept, budget / 32)
      windowRows = isSmall || rows >= source.height ? nil : rows
    }

    /// Small enough to be kept whole with its bitmap, outside the budget.
    private let isSmall: Bool

    var isWhole: Bool { windowRows == nil }

    /// The bytes counted against the budget while the render runs (a small picture kept with
    /// its bitmap is not).
    var bytes: Int {
      if let windowRows {
        return RowBuffer.bytes(rows: windowRows, bytesPerRow: source.rows.bytesPerRow)
      }
      return isSmall ? 0 : source.byteCount
    }

    /// The error of a source that must be decoded whole and does not fit.
    func overBudget(_ budget: Int) -> RenderError {
      .sourceOverBudget(
        width: source.width, height: source.height, needed: bytes, budget: budget)
    }
  }

  private let windows: [(buffer: RowBuffer, firstRowRead: [Int])]

  /// Starts decoding every source as decided: windows from `memory`, whole pictures once.
  init(_ decisions: [Decision], memory: ScratchMemory) {
    var windows: [(RowBuffer, [Int])] = []
    for decision in decisions {
      guard let rows = decision.windowRows else {
        _ = decision.source.rows.whole()
        continue
      }
      let buffer = decision.source.rows.window(rows: rows, memory: memory)
      // Rows above the first one read (a crop's) are skipped from the start.
      buffer.release(rowsAbove: decision.firstRowRead.first ?? 0)
      for plan in decision.source.plans { plan.read(from: buffer) }
      windows.append((buffer, decision.firstRowRead))
    }
    self.windows = windows
  }

  /// The streamed sources under `plan` that nothing has decoded whole yet, in the order the
  /// plan reaches them.
  static func candidates(in plan: any Plan) -> [Source] {
    var order: [ObjectIdentifier] = []
    var found: [ObjectIdentifier: (rows: StreamedRows, plans: [BitmapPlan])] = [:]
    func visit(_ plan: any Plan) {
      if let source = plan as? BitmapPlan, case .streamed(let rows) = source.bitmap.pixels,
        !rows.isWholeStarted
      {
        let id = ObjectIdentifier(rows)
        if found[id] == nil { order.append(id) }
        found[id, default: (rows, [])].plans.append(source)
      }
      plan.children.forEach(visit)
    }
    visit(plan)
    return order.compactMap { found[$0] }.map {
      Source(rows: $0.rows, plans: $0.plans, width: $0.plans.first?.bitmap.width ?? 0)
    }
  }

  /// Releases the rows that output bands from `finished` on will not read.
  func retire(afterBands finished: Int) {
    for (buffer, first) in windows {
      buffer.release(rowsAbove: first[min(finished, first.count - 1)])
    }
  }

  /// Lets every window's decoder run to the end of its file (a render of the top rows must
  /// still see a truncated file) and throws the first error.
  func finish() throws {
    for (buffer, _) in windows { buffer.release(rowsAbove: buffer.height) }
    for (buffer, _) in windows { try buffer.waitUntilComplete() }
  }

  /// Stops the decoders still running (the render failed or is over).
  func cancel() {
    for (buffer, _) in windows { buffer.cancel() }
  }
}
