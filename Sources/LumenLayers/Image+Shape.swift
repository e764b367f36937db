import LumenCore

extension Image {
  /// An antialiased shape drawn analytically at the render's resolution (crisp at any scale) in the
  /// transform's box on `canvas`; its extent is the part of the canvas the shape can touch.
  ///
  /// Fill and stroke follow SVG: the stroke is centred on the outline and painted over the fill,
  /// rectangles' strokes have mitred (square) outer corners, and both are composited on
  /// sRGB-encoded colour as SVG renderers do. Flips change nothing (the shapes are symmetric).
  /// Out-of-range numbers are limited to their ranges; a box without a positive size draws
  /// nothing, as in SVG.
  public static func shape(_ style: ShapeStyle, transform: LayerTransform, on canvas: Rect)
    -> Image
  {
    let nothing = Image(color: .clear).cropped(to: .empty)
    guard transform.isDrawable, !canvas.isEmpty, !canvas.isInfinite else { return nothing }
    let frame = Frame(transform, on: canvas)
    let side = Double(min(canvas.width, canvas.height))
    let strokeWidth = style.strokeWidth.isFinite ? max(style.strokeWidth, 0) * side : 0
    guard frame.isFinite, strokeWidth.isFinite else { return nothing }
    let stroke = strokeWidth > 0 ? style.stroke?.premultiplied : nil
    let fill = style.fill?.premultiplied
    guard fill != nil || stroke != nil else { return nothing }
    let radius = style.cornerRadius.isFinite ? min(max(style.cornerRadius, 0), 0.5) : 0
    let outline = Outline(
      kind: style.kind, halfWidth: frame.width / 2, halfHeight: frame.height / 2,
      cornerRadius: style.kind == .roundedRectangle ? radius * min(frame.width, frame.height) : 0)
    let halfStroke = stroke == nil ? 0 : strokeWidth / 2
    let kernel = ShapeKernel(
      frame: frame, outline: outline, fill: fill, stroke: stroke,
      halfStroke: halfStroke,
      bounds: frame.bounds(margin: halfStroke + 1).intersection(canvas))
    return Image(generator: kernel)
  }
}

/// Draws a shape from its signed distance (see ``Outline/coverage(_:_:halfStroke:)``). Works on
/// sRGB-encoded premultiplied colour, so the stroke covers the fill as in SVG renderers.
struct ShapeKernel: OverDrawing {
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

  func extent(forInputExtents extents: [Rect]) -> Rect { bounds }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect { .empty }

  func apply(inputs: [Tile], output: Tile) {
    output.clear()
    shade(output) { row, i, colour in
      row.red[i] = colour.x
      row.green[i] = colour.y
      row.blue[i] = colour.z
      row.alpha[i] = colour.w
    }
  }

  func draw(over tile: Tile) -> Bool {
    shade(tile) { row, i, colour in row.lay(colour.x, colour.y, colour.z, colour.w, over: i) }
    return true
  }

  /// Hands `put` the shape's colour (premultiplied) for each pixel of `tile` it covers.
  @inline(__always)
  private func shade(_ tile: Tile, _ put: (PixelSpan, Int, SIMD4<Float>) -> Void) {
    let area = tile.rect.intersection(bounds)
    if area.isEmpty { return }
    let (s, c) = (frame.sine, frame.cosine)
    // Farther than this from the outline, a pixel is all fill (inside) or nothing (outside):
    // half a pixel of antialiasing beyond the stroke, whose mitred corners reach out by at
    // most half again its width.
    let reach = 1.5 * halfStroke + 0.5
    let deep = fill ?? SIMD4<Float>()
    for y in area.minY..<area.maxY {
      let row = tile.row(y, from: area.minX, count: area.width)
      let dy = Double(y) + 0.5 - frame.centreY
      var i = 0
      while i < area.width {
        let dx = Double(area.minX + i) + 0.5 - frame.centreX
        // Into the box's frame: the inverse rotation.
        let lx = c * dx + s * dy
        let ly = -s * dx + c * dy
        // A pixel `margin` past the reach vouches for the next `margin` pixels of its row
        // (distances change by at most the distance moved): they are filled in one go.
        let distance = outline.nearestPossibleDistance(lx, ly)
        let margin = abs(distance) - reach
        if margin >= 0 {
          let run = Int(min(margin, Double(area.width - i - 1))) + 1
          if distance < 0 {
            for k in i..<(i + run) { put(row, k, deep) }
          }
          i += run
          continue
        }
        let (inside, band) = outline.coverage(lx, ly, halfStroke: halfStroke)
        var colour = SIMD4<Float>()
        if let fill { colour = fill * Float(inside) }
        if let stroke {
          let cover = Float(band)
          colour = stroke * cover + colour * (1 - stroke.w * cover)
        }
        put(row, i, colour)
        i += 1
      }
    }
  }
}
