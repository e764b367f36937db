/// A stretch of a paragraph with one writing direction, one script and one font, shaped as a
/// unit.
public struct TextRun: Encodable, Hashable, Sendable {
  public enum Direction: String, Encodable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
  }

  /// The run's characters: Unicode scalar offsets into the paragraph, in logical order.
  public var start: Int
  public var end: Int
  /// The Unicode bidirectional embedding level (odd: right to left).
  public var level: Int
  public var direction: Direction { level % 2 == 1 ? .rightToLeft : .leftToRight }
  /// The ISO 15924 tag of the run's script (`Latn`, `Arab`, `Zyyy` for common characters).
  public var script: String
  /// The run's font: an index into the ``FontSet``'s fonts.
  public var font: Int
  /// The glyphs in visual order (left to right, also in a right-to-left run), as HarfBuzz
  /// returns them.
  public var glyphs: [ShapedGlyph]

  public init(
    start: Int, end: Int, level: Int, script: String, font: Int = 0, glyphs: [ShapedGlyph] = []
  ) {
    self.start = start
    self.end = end
    self.level = level
    self.script = script
    self.font = font
    self.glyphs = glyphs
  }

  enum CodingKeys: String, CodingKey {
    case start, end, level, direction, script, font, glyphs
  }

  /// The fields and the derived direction, for `lumen text --glyphs`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(start, forKey: .start)
    try c.encode(end, forKey: .end)
    try c.encode(level, forKey: .level)
    try c.encode(direction, forKey: .direction)
    try c.encode(script, forKey: .script)
    try c.encode(font, forKey: .font)
    try c.encode(glyphs, forKey: .glyphs)
  }
}
