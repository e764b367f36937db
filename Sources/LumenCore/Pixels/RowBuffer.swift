import Foundation

/// Rows that a producer (a decoder, usually on a thread of its own) writes top to bottom while
/// a render reads them: the whole picture, or a ring of `capacity` rows where row `y` lives at
/// `y % capacity` and the producer waits for the render to release rows before reusing them.
///
/// A producer's failure is kept and reported by the render before it finishes, so a
/// half-decoded file never becomes an output.
public final class RowBuffer: @unchecked Sendable {
  public let height: Int
  public let bytesPerRow: Int
  /// Rows held at once (the height for a whole picture).
  let capacity: Int
  private let memory: UnsafeMutableRawPointer
  /// Keeps `memory` alive (nil when the memory belongs to the caller).
  private let storage: PixelStorage?
  private let condition = NSCondition()
  /// Rows `0..<ready` are written.
  private var ready = 0
  /// Rows below `released` will not be read again.
  private var released = 0
  private var done = false
  private var cancelled = false
  private var failure: (any Error)?

  /// A buffer of `capacity` rows (at most `height`) taken from `memory`.
  init(height: Int, bytesPerRow: Int, capacity: Int, memory: ScratchMemory) {
    self.height = height
    self.bytesPerRow = bytesPerRow
    self.capacity = max(1, min(capacity, height))
    let storage = PixelStorage(byteCount: self.capacity * bytesPerRow, from: memory)
    self.storage = storage
    self.memory = storage.base
  }

  /// The whole picture, written into `memory` (`height` rows) that the caller owns and keeps
  /// alive while the buffer is used: a decode that fills a bitmap at once.
  public init(wholeIn memory: UnsafeMutableRawPointer, height: Int, bytesPerRow: Int) {
    self.height = height
    self.bytesPerRow = bytesPerRow
    capacity = max(1, height)
    storage = nil
    self.memory = memory
  }

  /// The bytes a buffer of `rows` rows takes.
  static func bytes(rows: Int, bytesPerRow: Int) -> Int {
    ScratchMemory.size(for: max(1, rows * bytesPerRow))
  }

  // MARK: Producer

  /// Memory for the next rows (from row ``rowsWritten``): at least one whole row and at most
  /// `atMost`, contiguous. Waits while the ring is full; nil once the render has given up.
  public func space(atMost: Int) -> UnsafeMutableRawBufferPointer? {
    condition.lock()
    defer { condition.unlock() }
    while !cancelled && ready - released >= capacity { condition.wait() }
    guard !cancelled, ready < height else { return nil }
    let slot = ready % capacity
    let rows = min(atMost, capacity - slot, capacity - (ready - released), height - ready)
    return UnsafeMutableRawBufferPointer(
      start: memory + slot * bytesPerRow, count: max(1, rows) * bytesPerRow)
  }

  /// The next `count` rows (in the memory ``space(atMost:)`` gave) are written.
  public func publish(_ count: Int) {
    condition.lock()
    ready = min(ready + count, height)
    condition.broadcast()
    condition.unlock()
  }

  /// How many rows are written.
  public var rowsWritten: Int {
    condition.lock()
    defer { condition.unlock() }
    return ready
  }

  /// Runs `producer` into this buffer on a thread of its own; ``waitUntilComplete()`` reports
  /// how it ended.
  func start(_ producer: any RowProducer) {
    let thread = Thread { self.run(producer) }
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// Runs `producer` into this buffer on the calling thread.
  public func run(_ producer: any RowProducer) {
    var failure: (any Error)?
    do { try producer.produce(into: self) } catch { failure = error }
    condition.lock()
    if !cancelled {
      self.failure = failure
      // A producer that stopped early without saying why wrote a short picture.
      if failure == nil && ready < height { self.failure = RowBufferError.shortPicture }
    }
    done = true
    condition.broadcast()
    condition.unlock()
  }

  // MARK: Consumers

  /// Where row `y` is (valid while it is neither released nor, in a ring, overwritten).
  func row(_ y: Int) -> UnsafeRawPointer { UnsafeRawPointer(memory + (y % capacity) * bytesPerRow) }

  /// Blocks until rows `0..<count` are written or the producer stopped.
  func wait(forRows count: Int) {
    condition.lock()
    while ready < count && !done { condition.wait() }
    condition.unlock()
  }

  /// Rows above `row` will not be read again: the producer may reuse their memory.
  func release(rowsAbove row: Int) {
    condition.lock()
    if row > released {
      released = min(row, height)
      condition.broadcast()
    }
    condition.unlock()
  }

  /// The render gives up: the producer stops at its next request for space.
  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
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

/// A producer ended without writing every row and without an error of its own.
enum RowBufferError: Error, CustomStringConvertible {
  case shortPicture
  var description: String { "the decoder stopped before the last row" }
}
