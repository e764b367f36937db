/// A decoder that can write a picture's rows top to bottom, as often as asked: the source of a
/// streamed ``Bitmap``.
///
/// A render that reads its source top to bottom runs the producer into a window of rows that
/// the render releases as it advances, so the whole picture is never held; a render that
/// needs random access (a quarter turn) runs it once into memory for the whole picture.
public protocol RowProducer: Sendable {
  /// Writes every row, top to bottom, into `rows` (``RowBuffer/space(atMost:)`` then
  /// ``RowBuffer/publish(_:)``), then checks that the file ended properly. Returns early,
  /// without error, when `space` returns nil (the render gave up).
  func produce(into rows: RowBuffer) throws
}
