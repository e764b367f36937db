/// One glyph of shaped text, in the font's units, with the names `hb-shape --output-format=json`
/// gives its fields so that the two can be compared directly.
public struct ShapedGlyph: Codable, Hashable, Sendable {
  /// The glyph's id in the font.
  public var glyph: Int
  /// The index (in Unicode scalars) of the first character of the glyph's cluster.
  public var cluster: Int
  /// The pen's advance after the glyph.
  public var xAdvance: Int
  public var yAdvance: Int
  /// The glyph's offset from the pen.
  public var xOffset: Int
  public var yOffset: Int

  public init(glyph: Int, cluster: Int, xAdvance: Int, yAdvance: Int, xOffset: Int, yOffset: Int) {
    self.glyph = glyph
    self.cluster = cluster
    self.xAdvance = xAdvance
    self.yAdvance = yAdvance
    self.xOffset = xOffset
    self.yOffset = yOffset
  }

  enum CodingKeys: String, CodingKey {
    case glyph = "g"
    case cluster = "cl"
    case xAdvance = "ax"
    case yAdvance = "ay"
    case xOffset = "dx"
    case yOffset = "dy"
  }
}
