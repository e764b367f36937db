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
/// a fraction of the shorter side) and its rotation; the box is as tall as the lines. A
/// rounded background (with padding), an outline and a blurred shadow may go behind the text.
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
  /// A rounded rectangle behind the text; nil: none.
  public var background: LayerColor?
  /// Room between the text and its background's edge, in font sizes.
  public var padding: Double
  /// The background's corners, a fraction of its shorter side.
  public var cornerRadius: Double
  /// The outline's colour; nil: no outline.
  public var outline: LayerColor?
  /// The outline's width, in font sizes.
  public var outlineWidth: Double
  /// The text's shadow colour; nil: no shadow.
  public var shadow: LayerColor?
  /// The shadow's offset (right, down) and blur (standard deviation), in font sizes.
  public var shadowX: Double
  public var shadowY: Double
  public var shadowBlur: Double

  public init(
    text: String, font: String, size: Double = 0.08,
    color: LayerColor = LayerColor(red: 1, green: 1, blue: 1),
    alignment: TextBlock.Alignment = .natural,
    lineHeight: Double = 1.2, letterSpacing: Double = 0, background: LayerColor? = nil,
    padding: Double = 0.3, cornerRadius: Double = 0.2, outline: LayerColor? = nil,
    outlineWidth: Double = 0.05, shadow: LayerColor? = nil,
    shadowX: Double = 0.05, shadowY: Double = 0.05, shadowBlur: Double = 0.05
  ) {
    self.text = text
    self.font = font
    self.size = size
    self.color = color
    self.alignment = alignment
    self.lineHeight = lineHeight
    self.letterSpacing = letterSpacing
    self.background = background
    self.padding = padding
    self.cornerRadius = cornerRadius
    self.outline = outline
    self.outlineWidth = outlineWidth
    self.shadow = shadow
    self.shadowX = shadowX
    self.shadowY = shadowY
    self.shadowBlur = shadowBlur
  }

  public static let kind = "text"
  public var isSizedByItsDrawing: Bool { true }
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
    .color(
      .color(
        "background", "Background", default: [0, 0, 0, 0.6],
        doc: "sRGB, straight alpha; absent: none."),
      { $0.background?.components }, { $0.background = $1.map(LayerColor.init(components:)) }),
    .number(
      .scalar(
        "padding", "Padding", range: 0...2, default: 0.3,
        doc: "Room around the text inside its background, in font sizes."), \.padding),
    .number(
      .scalar(
        "cornerRadius", "Corner Radius", range: 0...0.5, default: 0.2,
        doc: "The background's corners, fraction of its shorter side."), \.cornerRadius),
    .color(
      .color(
        "outline", "Outline", default: [0, 0, 0, 1], doc: "sRGB, straight alpha; absent: none."),
      { $0.outline?.components }, { $0.outline = $1.map(LayerColor.init(components:)) }),
    .number(
      .scalar(
        "outlineWidth", "Outline Width", range: 0...0.5, default: 0.05,
        doc: "The outline's width around the letters, in font sizes."), \.outlineWidth),
    .color(
      .color(
        "shadow", "Shadow", default: [0, 0, 0, 0.5], doc: "sRGB, straight alpha; absent: none."),
      { $0.shadow?.components }, { $0.shadow = $1.map(LayerColor.init(components:)) }),
    .number(
      .scalar(
        "shadowX", "Shadow X", range: -2...2, default: 0.05,
        doc: "The shadow's offset to the right, in font sizes."), \.shadowX),
    .number(
      .scalar(
        "shadowY", "Shadow Y", range: -2...2, default: 0.05,
        doc: "The shadow's offset downwards, in font sizes."), \.shadowY),
    .number(
      .scalar(
        "shadowBlur", "Shadow Blur", range: 0...1, default: 0.05,
        doc: "The shadow's blur (standard deviation), in font sizes."), \.shadowBlur),
  ]

  /// The text as laid out on `canvas` in `box`: sizes in pixels of the canvas's shorter side.
  private func style(on canvas: Rect, box: LayerTransform) -> TextBlock.Style {
    let shorter = Double(max(1, min(canvas.width, canvas.height)))
    let components = color.components
    return TextBlock.Style(
      size: min(max(size * shorter, 1), TextLine.maxFontSize),
      color: SIMD3(components.prefix(3).map { UInt8((min(max($0, 0), 1) * 255).rounded()) }),
      maxWidth: max(1, box.width * shorter), alignment: alignment, lineHeight: lineHeight,
      letterSpacing: letterSpacing, opacity: components.count > 3 ? components[3] : 1)
  }

  /// Whether the text is drawn alone: no outline, shadow or background around it, so that
  /// its drawing is its text block (what ``measuredSize(on:box:measure:)`` measures).
  public var isPlain: Bool {
    (outline == nil || outlineWidth <= 0) && shadow == nil && background == nil
  }

  /// The text shaped once, to be measured at many sizes.
  public func measure(resources: EditResources) throws -> TextMeasure {
    try TextMeasure(text, fonts: FontSet(try resources.font(font)))
  }

  /// A plain text's size in pixels on `canvas` in `box`, without drawing it: never smaller
  /// than its drawing, at most a pixel larger at a side; nil when only drawing can tell (see
  /// ``TextMeasure/size(_:)``).
  public func measuredSize(on canvas: Rect, box: LayerTransform, measure: TextMeasure) throws
    -> (width: Int, height: Int)?
  {
    try measure.size(style(on: canvas, box: box))
  }

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    let shorter = Double(max(1, min(canvas.width, canvas.height)))
    var box = transform ?? LayerTransform(width: Double(canvas.width) / shorter)
    let style = self.style(on: canvas, box: box)
    let block = try TextBlock(text, fonts: FontSet(try resources.font(font)), style: style)
    // An outline needs the drawing whole; plain text is drawn tile by tile as it is rendered.
    let text: Image
    if let outline, outlineWidth > 0 {
      let c = outline.components
      text = Image(
        bitmap: TextOutline.outlined(
          block, width: outlineWidth * style.size,
          color: SIMD3(c.prefix(3).map { UInt8((min(max($0, 0), 1) * 255).rounded()) }),
          opacity: c[3]))
    } else {
      text = block.image
    }
    // The box takes the drawing's own size in pixels, so that placing it does not resample.
    box.width = Double(text.extent.width) / shorter
    box.height = Double(text.extent.height) / shorter
    var layer = text.placed(by: box, on: canvas)
    if let shadow {
      // The text's shape in the shadow's colour, moved on the canvas (not with the box's
      // rotation, as a light from one side would), then blurred.
      var moved = box
      moved.x += shadowX * style.size / Double(max(1, canvas.width))
      moved.y += shadowY * style.size / Double(max(1, canvas.height))
      // In font sizes, so as wide at any size of picture (the Gaussian Blur filter's 0...200
      // px is a user's slider range, not the blur's).
      let cast = text.tinted(.solid, color: shadow).placed(by: moved, on: canvas)
        .gaussianBlurred(sigma: shadowBlur * style.size)
      layer = layer.composited(over: cast)
    }
    if let background {
      var padded = box
      padded.width += 2 * padding * style.size / shorter
      padded.height += 2 * padding * style.size / shorter
      let card = Image.shape(
        ShapeStyle(kind: .roundedRectangle, cornerRadius: cornerRadius, fill: background),
        transform: padded, on: canvas)
      layer = layer.composited(over: card)
    }
    return layer
  }
}
