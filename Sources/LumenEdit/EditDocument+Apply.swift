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
      to: applyGeometry(to: original, magic: magic, context: context), resources: resources)
  }

  /// The first stage, which decides which pixels are kept: orientation, crop and straighten,
  /// and magic (computed from what the crop keeps). Previews cache its result, because
  /// slider changes only touch what follows.
  public func applyGeometry(
    to original: Image, magic analysis: MagicAnalysis? = nil,
    context: RenderContext = RenderContext()
  ) throws -> Image {
    var image = orientation.apply(to: original.movedToOrigin())
    if let crop { image = try crop.apply(to: image) }
    if magic {
      image = try (analysis ?? MagicAnalysis(analysing: image, context: context)).apply(to: image)
    }
    return image
  }

  /// The part of the document that the geometry stage depends on.
  public var geometry: EditDocument {
    var d = EditDocument()
    d.orientation = orientation
    d.crop = crop
    d.magic = magic
    return d
  }

  /// The second stage: adjustments, look, focus, vignette, overlay.
  public func applyEffects(to image: Image, resources: EditResources = EditResources()) throws
    -> Image
  {
    var image = try adjustments.apply(to: image)
    if let look {
      image = image.applying(try resources.look(look.id), intensity: Float(look.intensity))
    }
    if let focus { image = try focus.apply(to: image) }
    if let vignette {
      image = try Vignette(
        intensity: vignette.intensity, radius: vignette.radius, falloff: vignette.falloff
      )
      .apply(to: image)
    }
    if let overlay { image = try overlay.apply(over: image, resources: resources) }
    return image
  }
}

extension OverlaySettings {
  /// The overlay image stretched over the whole edited image, blended by mode and opacity.
  func apply(over image: Image, resources: EditResources) throws -> Image {
    let layer = try resources.image(self.image).movedToOrigin()
      .resized(width: image.extent.width, height: image.extent.height)
    return layer.composited(
      over: image, using: BlendModeKernel(mode: blendMode, opacity: Float(opacity)))
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
  /// keeps the normalised rectangle; with `forcesAspect`, the largest rectangle of the aspect
  /// centred in it.
  func apply(to image: Image) throws -> Image {
    var out = image
    if straighten != 0 { out = try Straighten(angle: straighten).apply(to: out) }
    let w = Double(out.extent.width)
    let h = Double(out.extent.height)
    var (x0, y0, cw, ch) = (x * w, y * h, width * w, height * h)
    if forcesAspect, case .ratio(let aw, let ah) = aspect {
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
