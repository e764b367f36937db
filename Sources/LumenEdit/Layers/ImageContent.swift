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
  /// The sliders of ``EditDocument/adjustments``, applied to this picture alone, before any
  /// tint; nil: none.
  public var adjustments: Adjustments?
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
    .color(
      .color("tintColor", "Tint Colour", default: [1, 1, 1, 1], doc: "sRGB, straight alpha."),
      { $0.tintColor.components }, { $0.tintColor = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
    .object(
      .vector(
        "adjustments", "Adjustments", default: [],
        doc: "The photo's sliders (brightness, contrast, saturation, ...) for this picture "
          + "alone, before any tint; absent: none."), \.adjustments),
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
    var picture = try self.picture(on: canvas, transform: transform, resources: resources)
    if let adjustments { picture = try adjustments.apply(to: picture) }
    if tint != .none { picture = picture.tinted(tint, color: tintColor) }
    guard let transform else {
      return picture.resized(width: canvas.width, height: canvas.height)
        .translatedBy(dx: canvas.minX, dy: canvas.minY)
    }
    return picture.placed(by: transform, on: canvas)
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
    let size = SVGImage.drawingSize(width: box.width * shorter, height: box.height * shorter)
    return Image(bitmap: try drawing.bitmap(width: size.width, height: size.height))
  }
}
