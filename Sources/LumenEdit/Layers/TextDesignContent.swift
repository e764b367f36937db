import LumenCore
import LumenFilters
import LumenLayers
import LumenText

/// A text design: the words laid out by a recipe (``TextDesignRecipe``: stacked, banner,
/// badge, ...) in a box as wide as the layer's, its random choices fixed by a seed, the text in
/// one colour and the shapes in another; inverted, the text cuts out of the shapes.
public struct TextDesignContent: LayerContent {
  public var text: String
  /// An installed family or a font file, as a text layer's.
  public var font: String
  public var recipe: TextDesignRecipe
  /// Fixes the recipe's random choices: the same seed gives the same layout everywhere.
  public var seed: Int
  public var inverted: Bool
  public var color: LayerColor
  /// The colour of the recipe's shapes (ribbons, circles, rules, bars).
  public var accent: LayerColor
  /// Room inside the design's edges, a fraction of its width.
  public var padding: Double

  public init(
    text: String, font: String, recipe: TextDesignRecipe = .stacked, seed: Int = 0,
    inverted: Bool = false, color: LayerColor = LayerColor(red: 1, green: 1, blue: 1),
    accent: LayerColor = LayerColor(red: 0.93, green: 0.3, blue: 0.25), padding: Double = 0.06
  ) {
    self.text = text
    self.font = font
    self.recipe = recipe
    self.seed = seed
    self.inverted = inverted
    self.color = color
    self.accent = accent
    self.padding = padding
  }

  /// The most words a design lays out.
  public static let maxWords = 64

  public static let kind = "textDesign"
  public var isSizedByItsDrawing: Bool { true }
  public static let displayName = "Text Design"
  public static let doc = "Words laid out by a recipe: stacked, banner, badge, ring, ..."
  public static let blank = TextDesignContent(text: "", font: "")
  public static let fields: [DocumentField<TextDesignContent>] = [
    .text("text", "Text", maxLength: 1000, doc: "The words.", \.text),
    .text(
      "font", "Font",
      doc: "An installed family (Noto Sans:style=Bold) or a font file relative to the document.",
      \.font),
    .choice(
      "recipe", default: TextDesignRecipe.stacked, doc: "How the words are laid out.", \.recipe),
    .integer(
      .integer("seed", "Seed", range: 0...1_000_000, default: 0, doc: "Fixes the random choices."),
      \.seed),
    .boolean(
      .boolean("inverted", default: false, doc: "The text cuts out of the shapes."), \.inverted),
    .color(
      .color("color", "Colour", default: [1, 1, 1, 1], doc: "The text's; sRGB, straight alpha."),
      { $0.color.components }, { $0.color = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
    .color(
      .color(
        "accent", "Accent", default: [0.93, 0.3, 0.25, 1], doc: "The shapes'; sRGB, straight alpha."
      ),
      { $0.accent.components }, { $0.accent = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
    .number(
      .scalar(
        "padding", "Padding", range: 0...0.3, default: 0.06,
        doc: "Room inside the design's edges, fraction of its width."), \.padding),
  ]

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard !words.isEmpty else { return Image(color: .clear).cropped(to: canvas) }
    guard words.count <= Self.maxWords else {
      throw EditRenderError.invalidAsset(
        String(text.prefix(40)), "a text design lays out at most \(Self.maxWords) words")
    }
    let shorter = Double(max(1, min(canvas.width, canvas.height)))
    var box = transform ?? LayerTransform(width: Double(canvas.width) / shorter)
    let width = min(max((box.width * shorter).rounded(), 16), 8192)
    let fonts = FontSet(try resources.font(font))
    func line(_ text: String, size: Double, color: LayerColor) throws -> Bitmap {
      let c = color.components
      let style = TextBlock.Style(
        size: min(max(size, 1), TextLine.maxFontSize),
        color: SIMD3(c.prefix(3).map { UInt8((min(max($0, 0), 1) * 255).rounded()) }),
        opacity: c[3])
      return try TextBlock(text, fonts: fonts, style: style).bitmap
    }
    var random = SeededRandom(seed: seed)
    let layout = try recipe.layout(
      words, width: width, padding: padding * width, random: &random,
      measure: { text in
        let drawn = try line(text, size: 100, color: color)
        return (Double(drawn.width), Double(drawn.height))
      })
    let height = min(max(layout.height.rounded(.up), 1), 8192)
    let local = Rect(width: Int(width), height: Int(height))
    var shapes = Image(color: .clear).cropped(to: local)
    if inverted, !recipe.carriesText {
      shapes = Image.shape(
        ShapeStyle(kind: .roundedRectangle, cornerRadius: 0.08, fill: accent),
        transform: .stretched(over: local), on: local)
    }
    var texts = Image(color: .clear).cropped(to: local)
    let localShorter = Double(min(local.width, local.height))
    for element in layout.elements {
      switch element {
      case .text(let words, let size, let x, let y):
        let drawn = Image(
          bitmap: try line(
            words, size: size, color: inverted ? LayerColor(red: 0, green: 0, blue: 0) : color)
        )
        .translatedBy(dx: Int(x.rounded()), dy: Int(y.rounded()))
        texts = drawn.composited(over: texts).cropped(to: local)
      case .shape(let kind, let fill, let stroke, let x, let y, let w, let h):
        let style = ShapeStyle(
          kind: kind, cornerRadius: 0.25, fill: fill ? accent : nil, stroke: fill ? nil : accent,
          strokeWidth: stroke / localShorter)
        let place = LayerTransform(
          x: (x + w / 2) / width, y: (y + h / 2) / height, width: w / localShorter,
          height: h / localShorter)
        shapes = Image.shape(style, transform: place, on: local).composited(over: shapes)
          .cropped(to: local)
      }
    }
    let drawing =
      inverted
      ? texts.composited(over: shapes, using: DestinationOut()).cropped(to: local)
      : texts.composited(over: shapes).cropped(to: local)
    box.width = width / shorter
    box.height = height / shorter
    return drawing.placed(by: box, on: canvas)
  }
}
