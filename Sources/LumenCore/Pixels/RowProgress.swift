import Foundation

/// How far a producer (a decoder on another thread) has filled a streaming ``Bitmap``.
///
/// Renders read rows as soon as they are published, so decoding overlaps with filtering and
/// encoding; a producer's failure is kept and reported by the render before it finishes, so a
/// half-decoded file never becomes an output.
public final class RowProgress: @unchecked Sendable {
  private let condition = NSCondition()
  private let height: Int
  private var ready = 0
  private var done = false
  private var failure: (any Error)?

  init(height: Int) { self.height = height }

  /// Rows `0..<count` are written and will not change.
  public func publish(rowsReady count: Int) {
    condition.lock()
    ready = max(ready, min(count, height))
    condition.broadcast()
    condition.unlock()
  }

  /// The producer stopped with `error`; rows not yet published stay as they are (zero).
  public func fail(_ error: any Error) {
    condition.lock()
    failure = failure ?? error
    done = true
    condition.broadcast()
    condition.unlock()
  }

  /// The producer has written everything.
  public func finish() {
    condition.lock()
    ready = height
    done = true
    condition.broadcast()
    condition.unlock()
  }

  /// Blocks until rows `0..<count` are written or the producer stopped.
  func wait(forRows count: Int) {
    condition.lock()
    while ready < count && !done { condition.wait() }
    condition.unlock()
  }

  /// Blocks until the producer stops; throws its error if it failed.
  public func waitUntilComplete() throws {
    condition.lock()
    while !done { condition.wait() }
    let failure = self.failure
    condition.unlock()
    if let failure { throw failure }
  }
}

extension Bitmap {
  /// A bitmap whose rows `produce` writes on a background thread, top to bottom, publishing
  /// progress as it goes. The bitmap can be rendered at once: reads wait for their rows.
  public static func streaming(
    width: Int, height: Int, format: PixelFormat,
    produce: @escaping @Sendable (UnsafeMutableRawBufferPointer, RowProgress) -> Void
  ) -> Bitmap {
    let progress = RowProgress(height: height)
    let bitmap = Bitmap(width: width, height: height, format: format, progress: progress)
    let storage = bitmap.storage
    let thread = Thread {
      produce(storage.bytes, progress)
      progress.finish()
    }
    thread.stackSize = 1 << 20
    thread.start()
    return bitmap
  }
}
