/// The outline of a shape layer, drawn in the layer's box.
public enum ShapeKind: String, CaseIterable, Hashable, Sendable {
  case rectangle, roundedRectangle, ellipse
}

/// What a shape layer draws: its outline, fill and stroke.
public struct ShapeStyle: Hashable, Sendable {
  public var kind: ShapeKind
  /// Corner radius of a rounded rectangle as a fraction of the box's shorter side, 0...0.5.
  public var cornerRadius = 0.1
  public var fill: LayerColor?
  public var stroke: LayerColor?
  /// Stroke width as a fraction of the canvas's shorter side, centred on the outline (as SVG).
  public var strokeWidth = 0.0

  public init(
    kind: ShapeKind, cornerRadius: Double = 0.1, fill: LayerColor? = nil,
    stroke: LayerColor? = nil, strokeWidth: Double = 0
  ) {
    self.kind = kind
    self.cornerRadius = cornerRadius
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
  }
}
