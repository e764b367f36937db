import LumenCore
import LumenFilters
import LumenLayers

/// A brush layer: strokes drawn by hand, each a path of points with a round tip (size,
/// hardness, colour, opacity), or an eraser. Points are fractions of the layer's box (the
/// whole canvas when it has no transform) and tips fractions of its shorter side, so a preview
/// and an export draw the same strokes.
public struct BrushContent: LayerContent {
  public var strokes: [BrushStroke]
  /// How much the input points are smoothed, 0...1.
  public var smoothing: Double

  public init(strokes: [BrushStroke], smoothing: Double = 0) {
    self.strokes = strokes
    self.smoothing = smoothing
  }

  public static let kind = "brush"
  public static let displayName = "Brush"
  public static let doc = "Strokes drawn by hand with a round tip, and erasers."
  public static let blank = BrushContent(strokes: [])
  public static let fields: [DocumentField<BrushContent>] = [
    .list(
      .vector("strokes", "Strokes", default: [], doc: "The strokes, painted in order."),
      maxCount: BrushStroke.maxStrokes, \.strokes),
    .number(
      .scalar(
        "smoothing", "Smoothing", range: 0...1, default: 0,
        doc: "How much the points are smoothed: 0 as drawn."), \.smoothing),
  ]

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    let shorter = Double(max(1, min(canvas.width, canvas.height)))
    guard let transform else {
      return Image.brush(strokes, smoothing: smoothing, width: canvas.width, height: canvas.height)
        .translatedBy(dx: canvas.minX, dy: canvas.minY)
    }
    // Drawn at the box's own size in pixels, so that placing it does not resample.
    let (width, height) = transform.pixelSize(shorterSide: shorter)
    let drawing = Image.brush(strokes, smoothing: smoothing, width: width, height: height)
    return drawing.cropped(to: Rect(width: width, height: height)).placed(by: transform, on: canvas)
  }
}

extension BrushStroke: DocumentSettings {
  public static let blank = BrushStroke(points: [])

  public static let fields: [DocumentField<BrushStroke>] = [
    .points(
      .vector("points", "Points", default: [], doc: "[x, y] pairs, fractions of the box."),
      \.points),
    .number(
      .scalar(
        "size", "Size", range: 0.0005...1, default: 0.02,
        doc: "The tip's diameter, fraction of the box's shorter side."), \.size),
    .number(
      .scalar(
        "hardness", "Hardness", range: 0...1, default: 1,
        doc: "1: a hard edge; lower: the tip fades towards its edge."), \.hardness),
    .color(
      .color("color", "Colour", default: [1, 1, 1, 1], doc: "sRGB, straight alpha."),
      { $0.color.components }, { $0.color = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
    .number(
      .scalar("opacity", range: 0...1, default: 1, doc: "0 transparent, 1 opaque."), \.opacity),
    .boolean(
      .boolean("eraser", default: false, doc: "Erases the strokes before it instead."), \.erases),
  ]
}

extension DocumentField {
  /// An array of objects, each of its own fields (a brush's strokes), at most `maxCount`.
  static func list<Value: DocumentSettings>(
    _ descriptor: ParameterDescriptor, maxCount: Int,
    _ keyPath: any WritableKeyPath<Root, [Value]> & Sendable
  ) -> DocumentField {
    DocumentField(
      descriptor,
      read: { v, root throws(EditDocumentError) in
        var values: [Value] = []
        for item in try v.array(maxCount: maxCount) { values.append(try Value(json: item)) }
        root[keyPath: keyPath] = values
      },
      write: { $0[keyPath: keyPath].map { $0.jsonObject(omittingDefaults: false) } },
      schema: { ["type": "array", "maxItems": maxCount, "items": Value.schema()] })
  }

  /// A path of `[x, y]` points, each coordinate in -1...2 (a stroke may leave its box), at
  /// most ``BrushStroke/maxPoints``.
  static func points(
    _ descriptor: ParameterDescriptor,
    _ keyPath: any WritableKeyPath<Root, [SIMD2<Double>]> & Sendable
  ) -> DocumentField {
    let range = -1.0...2.0
    return DocumentField(
      descriptor,
      read: { v, root throws(EditDocumentError) in
        var points: [SIMD2<Double>] = []
        for item in try v.array(maxCount: BrushStroke.maxPoints) {
          let pair = try item.array(maxCount: 2)
          guard pair.count == 2 else { throw item.fail("expected [x, y]") }
          points.append(SIMD2(try pair[0].number(in: range), try pair[1].number(in: range)))
        }
        root[keyPath: keyPath] = points
      },
      write: { $0[keyPath: keyPath].map { [$0.x, $0.y] } },
      schema: {
        [
          "type": "array", "maxItems": BrushStroke.maxPoints,
          "items": [
            "type": "array", "minItems": 2, "maxItems": 2,
            "items": ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound],
          ],
        ]
      })
  }
}
