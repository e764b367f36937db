import LumenCore
import LumenFilters
import LumenLayers
import LumenText

/// A text layer: a paragraph in a font the document names (an installed family such as
/// `Noto Sans:style=Bold`, or a font file's path relative to the document),
/// sized relative to the canvas's shorter side so that a preview and an export agree, wrapped
/// to the layer's box, aligned, spaced and coloured. Characters the font lacks come from the
/// fonts fontconfig matches for them; a font that cannot be read fails the render, naming it.
///
/// The layer's transform places the box: its centre, its width (the longest a line may be, as
/// a fraction of the shorter side) and its rotation; the box is as tall as the lines.
public struct TextContent: LayerContent {
  public var text: String
  /// An installed family (`DejaVu Sans`, `Noto Sans:style=Bold`) or a font file's path
  /// relative to the document; the resources resolve it.
  public var font: String
  /// The font size, a fraction of the canvas's shorter side.
  public var size: Double
  public var color: LayerColor
  public var alignment: TextBlock.Alignment
  /// Baseline to baseline, in font sizes.
  public var lineHeight: Double
  /// Added after every character, in font sizes.
  public var letterSpacing: Double

  public init(
    text: String, font: String, size: Double = 0.08,
    color: LayerColor = LayerColor(red: 1, green: 1, blue: 1),
    alignment: TextBlock.Alignment = .natural,
    lineHeight: Double = 1.2, letterSpacing: Double = 0
  ) {
    self.text = text
    self.font = font
    self.size = size
    self.color = color
    self.alignment = alignment
    self.lineHeight = lineHeight
    self.letterSpacing = letterSpacing
  }

  public static let kind = "text"
  public static let displayName = "Text"
  public static let doc = "A paragraph in a font file, wrapped to the layer's width."
  public static let blank = TextContent(text: "", font: "")
  public static let fields: [DocumentField<TextContent>] = [
    .text(
      "text", "Text", maxLength: TextShaper.maxLength,
      doc: "The words; line feeds end lines.", \.text),
    .text(
      "font", "Font",
      doc: "An installed family (Noto Sans:style=Bold) or a font file relative to the document.",
      \.font),
    .number(
      .scalar(
        "size", "Size", range: 0.001...1, default: 0.08,
        doc: "The font size, fraction of the canvas's shorter side."), \.size),
    .color(
      .color("color", "Colour", default: [1, 1, 1, 1], doc: "sRGB, straight alpha."),
      { $0.color.components }, { $0.color = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
    .choice(
      "alignment", default: TextBlock.Alignment.natural,
      doc: "Natural: left, or right for right-to-left text.", \.alignment),
    .number(
      .scalar(
        "lineHeight", "Line Height", range: 0.5...5, default: 1.2,
        doc: "Baseline to baseline, in font sizes."), \.lineHeight),
    .number(
      .scalar(
        "letterSpacing", "Letter Spacing", range: -0.5...2, default: 0,
        doc: "Added after every character, in font sizes."), \.letterSpacing),
  ]

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    let shorter = Double(max(1, min(canvas.width, canvas.height)))
    var box = transform ?? LayerTransform(width: Double(canvas.width) / shorter)
    let components = color.components
    let style = TextBlock.Style(
      size: min(max(size * shorter, 1), TextLine.maxFontSize),
      color: SIMD3(components.prefix(3).map { UInt8((min(max($0, 0), 1) * 255).rounded()) }),
      maxWidth: max(1, box.width * shorter), alignment: alignment, lineHeight: lineHeight,
      letterSpacing: letterSpacing, opacity: components.count > 3 ? components[3] : 1)
    let block = try TextBlock(text, fonts: FontSet(try resources.font(font)), style: style)
    // The box takes the block's own size in pixels, so that placing it does not resample.
    box.width = Double(block.bitmap.width) / shorter
    box.height = Double(block.bitmap.height) / shorter
    return Image(bitmap: block.bitmap).placed(by: box, on: canvas)
  }
}
