import LumenCore
import LumenFilters
import LumenLayers

/// An image layer: a picture from a file or asset (resolved by ``EditResources/image``),
/// optionally tinted.
public struct ImageContent: LayerContent {
  /// A path relative to the document, or an asset id; the resources resolve it.
  public var source: String
  public var tint: TintMode
  public var tintColor: LayerColor

  public init(
    source: String, tint: TintMode = .none,
    tintColor: LayerColor = LayerColor(red: 1, green: 1, blue: 1, alpha: 1)
  ) {
    self.source = source
    self.tint = tint
    self.tintColor = tintColor
  }

  public static let kind = "image"
  public static let displayName = "Image"
  public static let doc = "A picture from a file or asset, optionally tinted."
  public static let blank = ImageContent(source: "")
  public static let fields: [DocumentField<ImageContent>] = [
    .text("source", "Source", doc: "A path relative to the document, or an asset id.", \.source),
    .choice(
      "tint", default: TintMode.none, doc: "Solid: the colour in the picture's shape.", \.tint),
    .color(
      .color("tintColor", "Tint Colour", default: [1, 1, 1, 1], doc: "sRGB, straight alpha."),
      { $0.tintColor.components }, { $0.tintColor = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
  ]

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    var picture = try resources.image(source).movedToOrigin()
    if tint != .none { picture = picture.tinted(tint, color: tintColor) }
    guard let transform else {
      return picture.resized(width: canvas.width, height: canvas.height)
        .translatedBy(dx: canvas.minX, dy: canvas.minY)
    }
    return picture.placed(by: transform, on: canvas)
  }
}
