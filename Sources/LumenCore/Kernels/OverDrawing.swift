/// A generator (a kernel without inputs) that can lay its pixels straight over a background,
/// as a normal blend at full opacity of its output would (``PixelSpan/lay(_:_:_:_:over:)``):
/// a brush paints its strokes onto the photo under it, a text its glyphs, without a tile of
/// their own to clear, fill and blend.
public protocol OverDrawing: GeneralKernel {
  /// Lays the kernel's pixels over `tile` (premultiplied, in ``GeneralKernel/transfer``) and
  /// returns true; or returns false, leaving the tile as it was, when these pixels cannot be
  /// (a brush with an eraser, which erases its own strokes, not the photo).
  func draw(over tile: Tile) -> Bool
}
