import Foundation

/// What the threads of one export share: the queues between them and how the export is
/// ending. The first error or a cancel aborts both queues, so every stage stops within a
/// frame; the encoding stage, which runs last, reads the outcome, settles the output and
/// reports that it has stopped.
final class ExportControl: @unchecked Sendable {
  let decoded: FrameQueue<PickedFrame>
  let edited: FrameQueue<EditedFrame>
  // Every variable is guarded by `lock`.
  private let lock = NSLock()
  private var failure: VideoExportError?
  private var cancelled = false
  private var settled = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Each queue holds `depth` frames: enough for the stages to overlap, few enough that a
  /// 4K export keeps a handful of frames in memory.
  init(depth: Int) {
    decoded = FrameQueue(capacity: depth)
    edited = FrameQueue(capacity: depth)
  }

  /// Records the first error and stops every stage.
  func fail(_ error: VideoExportError) {
    lock.withLock {
      if failure == nil && !cancelled { failure = error }
    }
    abortQueues()
  }

  /// Stops every stage; the output is discarded.
  func cancel() {
    lock.withLock { cancelled = true }
    abortQueues()
  }

  /// How the export ended, once the queues are done: an error, a cancel, or (both nil and
  /// false) success.
  var outcome: (failure: VideoExportError?, cancelled: Bool) {
    lock.withLock { (failure, cancelled) }
  }

  /// Called by the encoding stage when the output is settled (completed or removed).
  func markStopped() {
    let waiting = lock.withLock {
      settled = true
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Returns once the encoding stage has settled the output (a frame's work at most after a
  /// cancel). Suspends rather than blocks, so it never holds up the thread it waits for.
  func stopped() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let done = lock.withLock {
        if !settled { waiters.append(waiter) }
        return settled
      }
      if done { waiter.resume() }
    }
  }

  private func abortQueues() {
    decoded.abort()
    edited.abort()
  }
}
