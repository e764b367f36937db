import LumenLayers

/// What a text design recipe places on its drawing, in pixels from its top left corner.
enum DesignElement {
  /// A line of text at a font size, its drawing's top left corner at (x, y).
  case text(String, size: Double, x: Double, y: Double)
  /// A shape filling the box (x, y, width, height); strokes are in pixels.
  case shape(
    ShapeKind, fill: Bool, strokeWidth: Double, x: Double, y: Double, width: Double,
    height: Double)
}

/// The elements of a design and the height of its drawing.
struct DesignLayout {
  var elements: [DesignElement] = []
  var height: Double = 0
}
