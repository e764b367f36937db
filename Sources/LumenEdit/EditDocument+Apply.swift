import LumenCore
import LumenFilters

/// Rendering a document: the original through every operation, always in the same order.
extension EditDocument {
  /// The edited image: a lazy recipe over `original` (nothing is computed until rendered).
  /// Magic uses `magic` when given (see ``magicAnalysis(of:context:)``), else analyses the
  /// picture in `context`.
  public func apply(
    to original: Image, resources: EditResources = EditResources(), magic: MagicAnalysis? = nil,
    context: RenderContext = RenderContext()
  ) throws -> Image {
    try applyEffects(
      to: applyGeometry(to: original, magic: magic, context: context), resources: resources,
      context: context)
  }

  /// The first stage, which decides which pixels are kept: orientation, crop and straighten,
  /// and magic (computed from what the crop keeps). Previews cache its result, because
  /// slider changes only touch what follows.
  public func applyGeometry(
    to original: Image, magic analysis: MagicAnalysis? = nil,
    context: RenderContext = RenderContext()
  ) throws -> Image {
    var image = original.movedToOrigin()
    let inputs = RenderInputs(context: context, magic: analysis)
    for operation in Self.operationDescriptors where operation.stage == .geometry {
      image = try operation.apply(self, image, inputs)
    }
    return image
  }

  /// The part of the document that the geometry stage depends on.
  public var geometry: EditDocument {
    var d = EditDocument()
    for operation in Self.operationDescriptors where operation.stage == .geometry {
      operation.copy(self, &d)
    }
    return d
  }

  /// The second stage: the effects operations (adjustments, look, focus, vignette), then the
  /// visible layers bottom to top, each blended over the image below by its mode and opacity.
  /// Layers drawn again (a preview, a video's frames) keep their pixels, rendered in `context`,
  /// unless the resources are for a render made once.
  public func applyEffects(
    to image: Image, resources: EditResources = EditResources(),
    context: RenderContext = RenderContext()
  ) throws -> Image {
    var image = image
    let inputs = RenderInputs(resources: resources)
    for operation in Self.operationDescriptors where operation.stage == .effects {
      image = try operation.apply(self, image, inputs)
    }
    let canvas = image.extent
    let visible = layers.indices.filter { !layers[$0].hidden }
    for (index, drawing) in zip(
      visible, drawings(of: visible, on: canvas, resources: resources, context: context))
    {
      let layer = layers[index]
      let drawn: Image
      do {
        drawn = try drawing.get()
      } catch {
        throw LayerRenderError(index: index, id: layer.id, reason: error)
      }
      image =
        drawn
        .composited(
          over: image, using: BlendModeKernel(mode: layer.blendMode, opacity: Float(layer.opacity))
        )
        .cropped(to: canvas)
    }
    return image
  }

  /// The layers at `indices` drawn on `canvas` (or kept from before), on every core at once:
  /// layers are independent, and a paragraph, a brush and a frame each take a while at 24 MP.
  /// Layers that may draw SVG wait on librsvg's helpers on threads of their own, so that the
  /// helpers draw while the cores draw the other layers.
  private func drawings(
    of indices: [Int], on canvas: Rect, resources: EditResources, context: RenderContext
  ) -> [Result<Image, any Error>] {
    indices.concurrentMap(waiting: indices.map { layers[$0].content.mayDrawSVG }) { index in
      let layer = layers[index]
      return Result {
        guard resources.keepsDrawings else {
          return try layer.image(on: canvas, resources: resources)
        }
        return try resources.drawnLayers.image(
          of: layer, on: canvas, resources: resources, context: context
        ) {
          try layer.image(on: canvas, resources: resources)
        }
      }
    }
  }
}

extension EditOrientation {
  /// Quarter turns clockwise, then the flips (as seen after turning).
  func apply(to image: Image) -> Image {
    let turns: [Orientation] = [.up, .right, .down, .left]
    var out = image.oriented(turns[((quarterTurns % 4) + 4) % 4])
    if flipsHorizontally { out = out.oriented(.upMirrored) }
    if flipsVertically { out = out.oriented(.downMirrored) }
    return out
  }
}

extension CropSettings {
  /// Straightens (rotating about the centre and zooming so that no empty corner shows), then
  /// keeps the normalised rectangle, or with an aspect other than free the largest rectangle
  /// of that aspect centred in it. The aspect applies whether or not it is forced, as in
  /// PhotoEditor SDK, where a ratio is a property of the crop and forcing only keeps the user
  /// from choosing another; ignoring it would render a picture the editor never showed.
  func apply(to image: Image) throws -> Image {
    var out = image
    if straighten != 0 { out = try Straighten(angle: straighten).apply(to: out) }
    let w = Double(out.extent.width)
    let h = Double(out.extent.height)
    var (x0, y0, cw, ch) = (x * w, y * h, width * w, height * h)
    if case .ratio(let aw, let ah) = aspect {
      let target = aw / ah
      if cw / ch > target {
        let narrower = ch * target
        x0 += (cw - narrower) / 2
        cw = narrower
      } else {
        let lower = cw / target
        y0 += (ch - lower) / 2
        ch = lower
      }
    }
    let rect = Rect(
      x: Int(x0.rounded()), y: Int(y0.rounded()), width: Int(cw.rounded()),
      height: Int(ch.rounded()))
    let kept = out.cropped(to: rect.offsetBy(dx: out.extent.minX, dy: out.extent.minY))
    guard !kept.extent.isEmpty else { throw EditRenderError.emptyResult("crop") }
    return kept.movedToOrigin()
  }
}
