import Foundation
import LumenCore
import LumenLayers
import LumenText

/// A smart sticker, as PE.SDK's: the date, the weekday or the time written out, or a clock
/// face, for a moment (the document's `date`, else the render's) in a locale and a time zone.
/// Words are drawn as a text layer (centred, with an optional card behind them); the clock as
/// a round face with twelve ticks and two hands, in the layer's box.
public struct SmartStickerContent: LayerContent {
  public enum Face: String, CaseIterable, Sendable {
    case date, weekday, time, clock
  }

  public var sticker: Face
  /// ISO 8601 with a time zone ("2026-12-24T18:30:00+01:00"); nil: the moment of the render.
  public var date: String?
  /// A locale identifier (`en_US`, `de-DE`, `ja_JP`): the language and conventions of the
  /// words; nil: `en_US`.
  public var locale: String?
  /// An IANA time zone (`Europe/Berlin`): where the moment is read; nil: UTC.
  public var timeZone: String?
  /// An installed family or a font file's path; nil: DejaVu Sans Bold.
  public var font: String?
  /// The words' size, a fraction of the canvas's shorter side.
  public var size: Double
  /// The words', or the hands' and ticks', colour.
  public var color: LayerColor
  /// A card behind the words, or the clock's face; nil: none (a clock is then all hands).
  public var background: LayerColor?

  public init(
    sticker: Face, date: String? = nil, locale: String? = nil, timeZone: String? = nil,
    font: String? = nil, size: Double = 0.08,
    color: LayerColor = LayerColor(red: 1, green: 1, blue: 1),
    background: LayerColor? = LayerColor(red: 0, green: 0, blue: 0, alpha: 0.6)
  ) {
    self.sticker = sticker
    self.date = date
    self.locale = locale
    self.timeZone = timeZone
    self.font = font
    self.size = size
    self.color = color
    self.background = background
  }

  public static let kind = "smartSticker"
  /// Words take the size of their text; the clock fills its box.
  public var isSizedByItsDrawing: Bool { sticker != .clock }
  public static let displayName = "Smart Sticker"
  public static let doc =
    "The date, weekday or time written out, or a clock face, in a locale and time zone."
  public static let blank = SmartStickerContent(sticker: .date)
  public static let fields: [DocumentField<SmartStickerContent>] = [
    .choice(
      "sticker", default: Face.date, isRequired: true, doc: "What it shows.", \.sticker),
    .optionalText(
      "date", maxLength: 64,
      doc: "The moment, ISO 8601 with a time zone; absent: the moment of the render.", \.date),
    .optionalText(
      "locale", maxLength: 64,
      doc: "The words' language and conventions (de_DE); absent: en_US.", \.locale),
    .optionalText(
      "timeZone", "Time Zone", maxLength: 64,
      doc: "IANA time zone (Europe/Berlin); absent: UTC.", \.timeZone),
    .optionalText(
      "font", maxLength: 4096,
      doc: "An installed family or a font file's path; absent: DejaVu Sans Bold.", \.font),
    .number(
      .scalar(
        "size", range: 0.005...1, default: 0.08,
        doc: "The words' size, fraction of the canvas's shorter side."), \.size),
    .color(
      .color("color", "Colour", default: [1, 1, 1, 1], doc: "The words or hands; sRGB."),
      { $0.color.components }, { $0.color = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
    .color(
      .color(
        "background", default: [0, 0, 0, 0.6],
        doc: "The card behind the words, or the clock's face; absent: none."),
      { $0.background?.components }, { $0.background = $1.map(LayerColor.init(components:)) }),
  ]

  public func validate() -> String? {
    if let date, Self.moment(date) == nil {
      return "date: expected ISO 8601 with a time zone, such as 2026-12-24T18:30:00+01:00"
    }
    if let locale, !Self.knownLocales.contains(Self.normalized(locale)) {
      return "locale: unknown locale \(EchoedText.quoted(locale))"
    }
    if let timeZone, TimeZone(identifier: timeZone) == nil {
      return "timeZone: unknown time zone \(EchoedText.quoted(timeZone))"
    }
    return nil
  }

  /// The moment shown: the document's `date`, else `now`.
  public func moment(now: Date) -> Date { date.flatMap(Self.moment) ?? now }

  /// The words shown at `moment`: the long date, the weekday or the short time as the locale
  /// writes them in the time zone; nil for a clock.
  public func words(at moment: Date) -> String? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: Self.normalized(locale ?? "en_US"))
    formatter.timeZone = zone
    switch sticker {
    case .date: formatter.dateStyle = .long
    case .weekday: formatter.setLocalizedDateFormatFromTemplate("EEEE")
    case .time: formatter.timeStyle = .short
    case .clock: return nil
    }
    return formatter.string(from: moment)
  }

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    let moment = self.moment(now: resources.date)
    if let words = words(at: moment) {
      return try TextContent(
        text: words, font: font ?? "DejaVu Sans:style=Bold", size: size, color: color,
        alignment: .center,
        background: background
      ).image(on: canvas, transform: transform, resources: resources)
    }
    return try clock(
      at: moment, on: canvas, box: transform ?? .stretched(over: canvas), resources: resources)
  }

  /// A round face in `box` with twelve ticks and the hour and minute hands at `moment`: a
  /// brush layer over an ellipse layer.
  private func clock(
    at moment: Date, on canvas: Rect, box: LayerTransform, resources: EditResources
  ) throws -> Image {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.hour, .minute], from: moment)
    let minutes = Double((parts.hour ?? 0) % 12 * 60 + (parts.minute ?? 0))
    /// A stroke from `inner` to `outer` (fractions of the box, from its centre) at `turn`
    /// (0 at twelve o'clock, clockwise).
    func ray(_ turn: Double, from inner: Double, to outer: Double, size: Double) -> BrushStroke {
      let angle = 2 * Double.pi * turn
      let direction = SIMD2(sin(angle), -cos(angle))
      return BrushStroke(
        points: [SIMD2(0.5, 0.5) + inner * direction, SIMD2(0.5, 0.5) + outer * direction],
        size: size, color: color)
    }
    var strokes = (0..<12).map { ray(Double($0) / 12, from: 0.4, to: 0.46, size: 0.025) }
    strokes.append(ray(minutes / 720, from: 0, to: 0.26, size: 0.06))
    strokes.append(
      ray(minutes.truncatingRemainder(dividingBy: 60) / 60, from: 0, to: 0.38, size: 0.04))
    let hands = try BrushContent(strokes: strokes).image(
      on: canvas, transform: box, resources: resources)
    guard let background else { return hands }
    let face = try ShapeContent(shape: .ellipse, fill: background).image(
      on: canvas, transform: box, resources: resources)
    return hands.composited(over: face, using: BlendModeKernel(mode: .normal))
  }

  /// The time zone the moment is read in (UTC unless named; a name is checked on reading).
  private var zone: TimeZone { timeZone.flatMap(TimeZone.init(identifier:)) ?? .gmt }

  static func moment(_ text: String) -> Date? {
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime]
    if let moment = parser.date(from: text) { return moment }
    parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return parser.date(from: text)
  }

  /// `de-DE` as `de_DE`: the form Foundation lists.
  static func normalized(_ locale: String) -> String {
    locale.replacingOccurrences(of: "-", with: "_")
  }

  static let knownLocales = Set(Locale.availableIdentifiers)
}
