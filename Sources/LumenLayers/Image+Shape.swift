import LumenCore

extension Image {
  /// An antialiased shape drawn analytically at the render's resolution (crisp at any scale) in the
  /// transform's box on `canvas`; transparent elsewhere; extent = canvas.
  ///
  /// Fill and stroke follow SVG: the stroke is centred on the outline and painted over the fill,
  /// rectangles' strokes have mitred (square) outer corners, and both are composited on
  /// sRGB-encoded colour as SVG renderers do. Flips change nothing (the shapes are symmetric).
  /// Out-of-range numbers are limited to their ranges; a box without a positive size draws
  /// nothing, as in SVG.
  public static func shape(_ style: ShapeStyle, transform: LayerTransform, on canvas: Rect)
    -> Image
  {
    let nothing = Image(color: .clear).cropped(to: canvas)
    guard transform.isDrawable, !canvas.isEmpty, !canvas.isInfinite else { return nothing }
    let frame = Frame(transform, on: canvas)
    let side = Double(min(canvas.width, canvas.height))
    let strokeWidth = style.strokeWidth.isFinite ? max(style.strokeWidth, 0) * side : 0
    let stroke = strokeWidth > 0 ? style.stroke?.premultiplied : nil
    let fill = style.fill?.premultiplied
    guard fill != nil || stroke != nil else { return nothing }
    let radius = style.cornerRadius.isFinite ? min(max(style.cornerRadius, 0), 0.5) : 0
    let outline = Outline(
      kind: style.kind, halfWidth: frame.width / 2, halfHeight: frame.height / 2,
      cornerRadius: style.kind == .roundedRectangle ? radius * min(frame.width, frame.height) : 0)
    let halfStroke = stroke == nil ? 0 : strokeWidth / 2
    let kernel = ShapeKernel(
      canvas: canvas, frame: frame, outline: outline, fill: fill, stroke: stroke,
      halfStroke: halfStroke,
      bounds: frame.bounds(margin: halfStroke + 1).intersection(canvas))
    return Image(generator: kernel)
  }
}

/// Draws a shape from its signed distance: each pixel's coverage is the overlap of a one-pixel
/// span around the pixel centre's distance with the filled (or stroked) band, which gives about
/// one pixel of antialiasing at any scale. Works on sRGB-encoded premultiplied colour, so the
/// stroke covers the fill as in SVG renderers.
struct ShapeKernel: GeneralKernel {
  let canvas: Rect
  let frame: Frame
  let outline: Outline
  /// Premultiplied sRGB-encoded colours.
  let fill: SIMD4<Float>?
  let stroke: SIMD4<Float>?
  /// Half the stroke width in pixels.
  let halfStroke: Double
  /// The canvas pixels the shape can touch.
  let bounds: Rect

  var transfer: Transfer { .sRGB }
  var preservesOpacity: Bool { false }

  func extent(forInputExtents extents: [Rect]) -> Rect { canvas }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect { .empty }

  func apply(inputs: [Tile], output: Tile) {
    output.clear()
    let area = output.rect.intersection(bounds)
    if area.isEmpty { return }
    let (s, c) = (frame.sine, frame.cosine)
    for y in area.minY..<area.maxY {
      let row = output.row(y, from: area.minX, count: area.width)
      let dy = Double(y) + 0.5 - frame.centreY
      for i in 0..<area.width {
        let dx = Double(area.minX + i) + 0.5 - frame.centreX
        // Into the box's frame: the inverse rotation.
        let lx = c * dx + s * dy
        let ly = -s * dx + c * dy
        var colour = SIMD4<Float>()
        if let fill {
          colour = fill * Float(Self.inside(outline.distance(lx, ly)))
        }
        if let stroke {
          let cover = Float(outline.strokeCoverage(lx, ly, halfWidth: halfStroke))
          colour = stroke * cover + colour * (1 - stroke.w * cover)
        }
        row.red[i] = colour.x
        row.green[i] = colour.y
        row.blue[i] = colour.z
        row.alpha[i] = colour.w
      }
    }
  }

  /// The part of a one-pixel span centred on signed distance `d` that lies inside (d <= 0).
  @inline(__always)
  static func inside(_ d: Double) -> Double { min(max(0.5 - d, 0), 1) }
}
