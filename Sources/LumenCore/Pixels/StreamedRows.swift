/// The pixels of a streamed ``Bitmap``: its producer, and the whole picture once something
/// needed it whole.
final class StreamedRows: Sendable {
  let producer: any RowProducer
  let height: Int
  let bytesPerRow: Int
  private let wholePicture = Locked<RowBuffer?>(nil)

  init(_ producer: any RowProducer, height: Int, bytesPerRow: Int) {
    self.producer = producer
    self.height = height
    self.bytesPerRow = bytesPerRow
  }

  /// True once the whole picture is decoded or being decoded.
  var isWholeStarted: Bool { wholePicture.withLock { $0 != nil } }

  /// The whole picture, decoding it on a thread of its own on first use (and only then).
  func whole() -> RowBuffer {
    wholePicture.withLock { whole in
      if let whole { return whole }
      let buffer = RowBuffer(
        height: height, bytesPerRow: bytesPerRow, capacity: height,
        memory: PixelStorage.standalone)
      buffer.start(producer)
      whole = buffer
      return buffer
    }
  }

  /// A ring of `rows` rows that a fresh run of the producer fills from the top, for one
  /// render; its memory comes from `memory` (the render's context).
  func window(rows: Int, memory: ScratchMemory) -> RowBuffer {
    let buffer = RowBuffer(
      height: height, bytesPerRow: bytesPerRow, capacity: rows, memory: memory)
    buffer.start(producer)
    return buffer
  }
}
