import Foundation
import Synchronization

/// Where renders run: the threads they use and the memory they may hold, with the pools that
/// renders in a row share (the scratch memory of tiles and caches, the colour memos that let
/// the frames of a video or a re-rendered preview skip work already done).
///
/// Every render, preview, analysis and export is given a context; the library keeps no pool
/// of its own. A context also holds the resolver of the names documents use (looks, layer
/// images); ``resolving(with:)`` gives a job its own resolver (its own allowed folders) over
/// the same threads, budget and pools. Contexts share nothing mutable, so two of them render at once without waiting
/// on each other; one context may also be used from several threads at once (its pools are
/// locked), but then its renders take turns for the cores. Keep one per window, batch or
/// export, so consecutive renders reuse its memory.
///
/// The budget bounds what the context holds for its renders: the caches a render keeps while
/// it runs, the colour memo tables (counted whole: 64 or 128 MB each, though only the pages a
/// picture's colours reach are backed) and the scratch blocks kept between renders. When a
/// render would go over it, the context first frees kept blocks and memos of earlier renders,
/// then computes colour chains for every pixel instead of remembering them; a render whose
/// caches alone do not fit fails with ``RenderError/overBudget(needed:budget:)``. Bitmaps a
/// render returns belong to the caller and are not counted, nor are the few tiles per thread.
public final class RenderContext: Sendable {
  /// Worker threads of each render; the output is identical for any count.
  public let threadCount: Int
  /// The bytes the context may hold for its renders (see above).
  public let memoryBudget: Int

  /// 1 GiB: room for the memos of two recent chains, a blur's caches over a 24 MP photo and
  /// a pool of scratch blocks.
  public static let defaultMemoryBudget = 1 << 30

  /// Where documents' looks and layer images come from; nil: a render that names one fails.
  public let resources: (any ResourceResolving)?

  let scratch: ScratchMemory
  let memos: ColorMemo.Recent
  private let analyses = Atomic<Int>(0)

  /// A context of `threadCount` threads (at least 1) that holds at most `memoryBudget` bytes
  /// (at least 1 MB).
  public init(
    threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
    memoryBudget: Int = RenderContext.defaultMemoryBudget,
    resources: (any ResourceResolving)? = nil
  ) {
    self.threadCount = max(1, threadCount)
    self.memoryBudget = max(1 << 20, memoryBudget)
    self.resources = resources
    scratch = ScratchMemory(budget: self.memoryBudget)
    memos = ColorMemo.Recent(memory: scratch)
  }

  private init(sharing pools: RenderContext, resources: any ResourceResolving) {
    threadCount = pools.threadCount
    memoryBudget = pools.memoryBudget
    self.resources = resources
    scratch = pools.scratch
    memos = pools.memos
  }

  /// This context's threads, budget and pools with `resources` resolving names: a server
  /// keeps one context and gives each job its resolver (the folders that job may read).
  public func resolving(with resources: any ResourceResolving) -> RenderContext {
    RenderContext(sharing: self, resources: resources)
  }

  /// The engine of this context's renders, with the optimisations on or off (off: every
  /// kernel is a pass, for tests that compare the two).
  public func renderer(optimizes: Bool = true) -> Renderer {
    Renderer(context: self, optimizes: optimizes)
  }

  /// Renders `rect` (default: the image's extent) of `image` scaled by `scale` (Lanczos-3;
  /// `rect` is in scaled coordinates) and streams the rows into `sink`.
  public func render(
    _ image: Image, rect: Rect? = nil, scale: Double = 1, format: PixelFormat, to sink: some RowSink
  ) throws {
    try renderer().render(image, rect: rect, scale: scale, format: format, to: sink)
  }

  /// Renders `rect` (default: the image's extent) of `image` scaled by `scale` into a new
  /// bitmap.
  public func bitmap(
    of image: Image, rect: Rect? = nil, scale: Double = 1, format: PixelFormat = .rgba8
  ) throws -> Bitmap {
    try renderer().bitmap(of: image, rect: rect, scale: scale, format: format)
  }

  /// Counts an analysis of a picture run in this context (magic's levels, say), so that
  /// tests can check that a session or an export analyses each source once.
  package func countAnalysis() { analyses.add(1, ordering: .relaxed) }

  /// How many analyses ran in this context.
  package var analysisCount: Int { analyses.load(ordering: .relaxed) }

  /// Bytes charged to the budget now and bytes of scratch blocks kept (for tests).
  var memoryUsage: (charged: Int, kept: Int) { scratch.usage }
}
