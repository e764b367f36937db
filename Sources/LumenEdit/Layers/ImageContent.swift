import LumenAssets
import LumenCodecs
import LumenCore
import LumenFilters
import LumenLayers

/// An image layer (a sticker): a picture from a file or asset (resolved by
/// ``EditResources/image``), an SVG drawing (``EditResources/drawing``) drawn at the size it
/// is placed, or an animated GIF or WebP (``EditResources/animation``) showing the frame of
/// its ``playhead``; optionally adjusted (the photo's sliders: brightness, contrast,
/// saturation...) and tinted.
public struct ImageContent: LayerContent {
  /// A path relative to the document, or an asset id; the resources resolve it.
  public var source: String
  public var tint: TintMode
  public var tintColor: LayerColor
  /// How the picture takes its box (a template's photo slot fills it).
  public var fit: ImageFit = .stretch
  /// The sliders of ``EditDocument/adjustments``, applied to this picture alone, before any
  /// tint; nil: none.
  public var adjustments: Adjustments?
  /// A look over this picture alone, after its sliders (a template's photo slot); nil: none.
  public var look: LookChoice?
  /// Seconds into an animation (a GIF or WebP): the moment stills show, and where a video
  /// starts playing it when the layer appears; ``EditDocument/resolved(at:clipDuration:)``
  /// advances it by the seconds since then. Pictures that do not move ignore it.
  public var playhead: Double = 0
  /// The latest playhead: a long video's, and then some.
  public static let maxPlayhead = 10_000_000.0
  /// An SVG file, or an asset (whose file's name is known once it is resolved).
  public var mayDrawSVG: Bool {
    SVGImage.names(source) || source.hasPrefix(AssetReference.prefix)
  }

  public init(
    source: String, tint: TintMode = .none,
    tintColor: LayerColor = LayerColor(red: 1, green: 1, blue: 1, alpha: 1),
    adjustments: Adjustments? = nil
  ) {
    self.source = source
    self.tint = tint
    self.tintColor = tintColor
    self.adjustments = adjustments
  }

  public static let kind = "image"
  public static let displayName = "Image"
  public static let doc = "A picture from a file or asset, optionally adjusted and tinted."
  public static let blank = ImageContent(source: "")
  public static let fields: [DocumentField<ImageContent>] = [
    .text(
      "source", "Source",
      doc: "A path relative to the document (PNG, JPEG, WebP, HEIC, SVG, or an animated GIF or "
        + "WebP, which plays in videos), or an asset id.", \.source),
    .choice(
      "tint", default: TintMode.none, doc: "Solid: the colour in the picture's shape.", \.tint),
    .choice(
      "fit", default: ImageFit.stretch,
      doc: "Stretch: the picture takes the box's shape; fit: the largest of its own shape inside "
        + "the box; fill: the box covered, the picture cropped to its shape about the centre.",
      \.fit, omittedAtDefault: true),
    .color(
      .color("tintColor", "Tint Colour", default: [1, 1, 1, 1], doc: "sRGB, straight alpha."),
      { $0.tintColor.components }, { $0.tintColor = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
    .object(
      .vector(
        "adjustments", "Adjustments", default: [],
        doc: "The photo's sliders (brightness, contrast, saturation, ...) for this picture "
          + "alone, before any tint; absent: none."), \.adjustments),
    .object(
      .vector(
        "look", "Look", default: [],
        doc: "A look (library id or LUT file, with its intensity) for this picture alone, "
          + "after its sliders; absent: none."), \.look),
    .number(
      .scalar(
        "playhead", "Playhead", range: 0...maxPlayhead, default: 0, unit: "s",
        doc: "Seconds into an animated GIF or WebP: the moment stills show, and where a video "
          + "starts playing it when the layer appears."), \.playhead, omittedAtDefault: true),
  ]

  public func playing(at seconds: Double) -> ImageContent {
    var playing = self
    let advanced = playhead + (seconds.isFinite ? Swift.max(seconds, 0) : 0)
    playing.playhead = Swift.min(advanced, Self.maxPlayhead)
    return playing
  }

  /// The content with its playhead at the start of the frame it shows (0 for a picture that
  /// does not move), so that a still sticker is drawn once for a whole video and an animated
  /// one once a frame of its own.
  public func drawingIdentity(resources: EditResources) throws -> AnyHashable {
    guard playhead != 0 else { return AnyHashable(self) }
    var shown = self
    shown.playhead =
      try resources.animation(source).map { $0.frame(at: playhead).start } ?? 0
    return AnyHashable(shown)
  }

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    if let transform,
      let turned = try turnedDrawing(on: canvas, by: transform, resources: resources)
    {
      return try colored(turned, resources: resources)
    }
    let picture = try colored(
      self.picture(on: canvas, transform: transform, resources: resources), resources: resources)
    guard let transform else {
      return picture.resized(width: canvas.width, height: canvas.height)
        .translatedBy(dx: canvas.minX, dy: canvas.minY)
    }
    return fit.place(picture, by: transform, on: canvas)
  }

  /// `picture` with the layer's sliders, look and tint: pointwise, so the same before or
  /// after it is placed.
  private func colored(_ picture: Image, resources: EditResources) throws -> Image {
    var picture = picture
    if let adjustments { picture = try adjustments.apply(to: picture) }
    if let look {
      picture = picture.applying(
        try resources.look(look.reference), intensity: Float(look.intensity))
    }
    if tint != .none { picture = picture.tinted(tint, color: tintColor) }
    return picture
  }

  /// An SVG drawing stretched over a turned box or fitted inside it, drawn by librsvg where it
  /// lands on the canvas: turned as vectors, its edges stay as sharp as an upright sticker's,
  /// and nothing is resampled; nothing off the canvas. Nil for anything else (an upright box,
  /// which is drawn at its size and moved; a drawing filling its box, which is cropped; a
  /// picture that is not SVG; a box thinner than a pixel, which librsvg refuses to draw
  /// into, or a box or drawing larger than it may draw at once: those are drawn at a size it
  /// takes and scaled).
  private func turnedDrawing(
    on canvas: Rect, by transform: LayerTransform, resources: EditResources
  ) throws -> Image? {
    guard fit != .fill, transform.isDrawable,
      transform.rotation.truncatingRemainder(dividingBy: 360) != 0, !canvas.isEmpty,
      !canvas.isInfinite, let drawing = try resources.drawing(source)
    else { return nil }
    // Fitted, the box narrows to the drawing's shape about its centre.
    var box = transform
    (box.width, box.height) = fit.size(
      takingBox: transform.width, transform.height, aspect: drawing.width / drawing.height)
    let side = Double(max(1, min(canvas.width, canvas.height)))
    let sides = 1...Double(SVGImage.maxSide)
    guard sides.contains(box.width * side), sides.contains(box.height * side) else { return nil }
    let placement = box.placement(on: canvas)
    let bounds = placement.apply(to: Rect(width: 1, height: 1)).intersection(canvas)
    // Off the canvas: nothing to draw.
    if bounds.isEmpty { return Image(color: .clear).cropped(to: .empty) }
    guard bounds.width <= SVGImage.maxSide, bounds.height <= SVGImage.maxSide,
      bounds.width * bounds.height <= SVGImage.maxPixelCount
    else { return nil }
    let drawn = try drawing.bitmap(
      width: bounds.width, height: bounds.height,
      placement: placement.concatenating(
        AffineTransform(translationX: -Double(bounds.minX), y: -Double(bounds.minY))))
    return Image(bitmap: drawn).translatedBy(dx: bounds.minX, dy: bounds.minY)
  }

  /// The source's pixels at its origin: an SVG drawn at the size of its place on the canvas, an
  /// animation's frame at the playhead.
  private func picture(on canvas: Rect, transform: LayerTransform?, resources: EditResources)
    throws -> Image
  {
    if let animation = try resources.animation(source) {
      return Image(bitmap: animation.frame(at: playhead).bitmap)
    }
    guard let drawing = try resources.drawing(source) else {
      return try resources.image(source).movedToOrigin()
    }
    let shorter = Double(max(1, min(canvas.width, canvas.height)))
    let box = transform ?? .stretched(over: canvas)
    // Fitted or filling, the drawing keeps its own shape: drawn at the size that fits inside
    // the box or covers it (then cropped to it), not stretched to the box first.
    let (width, height) =
      transform == nil
      ? (box.width * shorter, box.height * shorter)
      : fit.size(
        takingBox: box.width * shorter, box.height * shorter,
        aspect: drawing.width / drawing.height)
    let size = SVGImage.drawingSize(width: width, height: height)
    return Image(bitmap: try drawing.bitmap(width: size.width, height: size.height))
  }
}

/// How an image layer's picture takes its box.
public enum ImageFit: String, CaseIterable, Hashable, Sendable {
  case stretch, fit, fill

  /// The size a picture of `aspect` (width over height) takes in a `width` x `height` box:
  /// the box's own when stretched, the largest of its shape inside the box when fitted, the
  /// smallest of its shape covering the box when filling it.
  func size(takingBox width: Double, _ height: Double, aspect: Double) -> (Double, Double) {
    guard self != .stretch, aspect.isFinite, aspect > 0, width > 0, height > 0 else {
      return (width, height)
    }
    // A box narrower than the picture: fitted, the picture keeps the box's width; filling
    // it, its height.
    let narrower = aspect > width / height
    return narrower == (self == .fit) ? (width, width / aspect) : (height * aspect, height)
  }

  /// `picture` placed by `transform` on `canvas`: stretched, fitted inside the box (the box
  /// narrowed to the picture's aspect about its centre), or filling it (the picture cropped to
  /// the box's aspect about its centre).
  func place(_ picture: Image, by transform: LayerTransform, on canvas: Rect) -> Image {
    let extent = picture.extent
    guard self != .stretch, transform.isDrawable, !extent.isEmpty, !extent.isInfinite else {
      return picture.placed(by: transform, on: canvas)
    }
    let (width, height) = (Double(extent.width), Double(extent.height))
    let pictureAspect = width / height
    let boxAspect = transform.width / transform.height
    switch self {
    case .stretch:
      return picture.placed(by: transform, on: canvas)
    case .fit:
      var box = transform
      (box.width, box.height) = size(
        takingBox: transform.width, transform.height, aspect: pictureAspect)
      return picture.placed(by: box, on: canvas)
    case .fill:
      let kept =
        pictureAspect > boxAspect
        ? Rect(
          x: extent.minX + Int(((width - height * boxAspect) / 2).rounded()), y: extent.minY,
          width: max(1, Int((height * boxAspect).rounded())), height: extent.height)
        : Rect(
          x: extent.minX, y: extent.minY + Int(((height - width / boxAspect) / 2).rounded()),
          width: extent.width, height: max(1, Int((width / boxAspect).rounded())))
      return picture.cropped(to: kept).placed(by: transform, on: canvas)
    }
  }
}
