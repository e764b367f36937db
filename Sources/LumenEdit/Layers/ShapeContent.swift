import LumenCore
import LumenFilters
import LumenLayers

/// A shape layer: a rectangle, rounded rectangle or ellipse, filled and/or stroked.
public struct ShapeContent: LayerContent {
  public var shape: ShapeKind
  /// For rounded rectangles: a fraction of the box's shorter side, 0...0.5.
  public var cornerRadius: Double
  public var fill: LayerColor?
  public var stroke: LayerColor?
  public var strokeWidth: Double

  public init(
    shape: ShapeKind, cornerRadius: Double = 0.1, fill: LayerColor? = nil,
    stroke: LayerColor? = nil,
    strokeWidth: Double = 0
  ) {
    self.shape = shape
    self.cornerRadius = cornerRadius
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
  }

  public static let kind = "shape"
  public static let displayName = "Shape"
  public static let doc = "A rectangle, rounded rectangle or ellipse."
  public static let blank = ShapeContent(shape: .rectangle)
  public static let fields: [DocumentField<ShapeContent>] = [
    .choice("shape", default: ShapeKind.rectangle, isRequired: true, doc: "The outline.", \.shape),
    .number(
      .scalar(
        "cornerRadius", "Corner Radius", range: 0...0.5, default: 0.1,
        doc: "Rounded rectangles' corners, fraction of the box's shorter side."),
      \.cornerRadius),
    .color(
      .color("fill", default: [1, 1, 1, 1], doc: "sRGB, straight alpha; absent: not filled."),
      { $0.fill?.components }, { $0.fill = $1.map(LayerColor.init(components:)) }),
    .color(
      .color("stroke", default: [0, 0, 0, 1], doc: "sRGB, straight alpha; absent: no outline."),
      { $0.stroke?.components }, { $0.stroke = $1.map(LayerColor.init(components:)) }),
    .number(
      .scalar(
        "strokeWidth", "Stroke Width", range: 0...1, default: 0,
        doc: "Outline width, fraction of the canvas's shorter side."), \.strokeWidth),
  ]

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    Image.shape(
      ShapeStyle(
        kind: shape, cornerRadius: cornerRadius, fill: fill, stroke: stroke,
        strokeWidth: strokeWidth),
      transform: transform ?? .stretched(over: canvas), on: canvas)
  }
}
