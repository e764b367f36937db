/// How a render reads a source bitmap's rows: in the bitmap's memory, or in a ``RowBuffer``
/// that a decoder fills as the render advances (row `y` at `y % capacity`).
struct RowReader {
  private let buffer: RowBuffer?
  private let base: UnsafeRawPointer
  private let bytesPerRow: Int
  private let capacity: Int

  /// Rows in memory, all written.
  init(_ storage: PixelStorage, bytesPerRow: Int, height: Int) {
    buffer = nil
    base = UnsafeRawPointer(storage.base)
    self.bytesPerRow = bytesPerRow
    capacity = max(1, height)
  }

  /// Rows as `buffer`'s producer writes them.
  init(_ buffer: RowBuffer) {
    self.buffer = buffer
    base = buffer.row(0)
    bytesPerRow = buffer.bytesPerRow
    capacity = buffer.capacity
  }

  /// Blocks until rows `0..<count` are written (at once for rows in memory).
  func wait(forRows count: Int) { buffer?.wait(forRows: count) }

  /// The first byte of row `y`.
  @inline(__always)
  func row(_ y: Int) -> UnsafeRawPointer { base + (y % capacity) * bytesPerRow }
}
