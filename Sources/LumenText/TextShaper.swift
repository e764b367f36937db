import CLumenShims

/// Shapes text with a font: the paragraph is split into runs (``TextItemizer``) and each run
/// is shaped by HarfBuzz with the whole paragraph as its context, so that joining and
/// contextual forms see the characters beyond the run. Positions are in the font's units and
/// clusters are Unicode scalar offsets into the paragraph, as `hb-shape` reports them.
public enum TextShaper {
  /// The longest text shaped at once, in Unicode scalars: a long caption or a paragraph of a
  /// few pages, while a pasted file is refused before any work.
  public static let maxLength = 10_000

  /// The shaped runs of `text`, in logical order, each with its font from `fonts` (which
  /// gains the fallbacks the text needs). `language` is a BCP 47 tag (`ar`, `hi`); nil leaves
  /// HarfBuzz's default (from the process's locale).
  public static func shape(_ text: String, with fonts: FontSet, language: String? = nil)
    throws(TextTooLong) -> [TextRun]
  {
    let count = text.unicodeScalars.count
    guard count <= maxLength else { throw TextTooLong(length: count) }
    let scalars = text.unicodeScalars.map(\.value)
    let indices = fonts.fontIndices(for: scalars)
    return TextItemizer.runs(scalars, libraries: fonts.primary.libraries, fonts: indices).map {
      run in
      var shaped = run
      shaped.glyphs = glyphs(
        of: run, in: scalars, font: fonts.fonts[run.font], language: language)
      return shaped
    }
  }

  /// `text` shaped with `font` alone: characters it lacks get its missing glyph.
  public static func shape(_ text: String, with font: FontFile, language: String? = nil)
    throws(TextTooLong) -> [TextRun]
  {
    try shape(text, with: FontSet(font, fallback: false), language: language)
  }

  private static func glyphs(
    of run: TextRun, in scalars: [UInt32], font: FontFile, language: String?
  ) -> [ShapedGlyph] {
    let hb = font.libraries.harfbuzz
    guard let buffer = hb.buffer_create() else { return [] }
    defer { hb.buffer_destroy(buffer) }
    scalars.withUnsafeBufferPointer { text in
      hb.buffer_add_utf32(
        buffer, text.baseAddress, Int32(clamping: text.count), UInt32(clamping: run.start),
        Int32(clamping: run.end - run.start))
    }
    hb.buffer_set_direction(
      buffer, run.direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    let script = hb.script_from_string(run.script, 4)
    if script != HB_SCRIPT_COMMON { hb.buffer_set_script(buffer, script) }
    if let language { hb.buffer_set_language(buffer, hb.language_from_string(language, -1)) }
    hb.buffer_guess_segment_properties(buffer)
    hb.shape(font.font, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb.buffer_get_glyph_infos(buffer, &count),
      let positions = hb.buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    return (0..<Int(count)).map { index in
      let info = infos[index]
      let position = positions[index]
      return ShapedGlyph(
        glyph: Int(info.codepoint), cluster: Int(info.cluster), xAdvance: Int(position.x_advance),
        yAdvance: Int(position.y_advance), xOffset: Int(position.x_offset),
        yOffset: Int(position.y_offset))
    }
  }
}

/// A text longer than ``TextShaper/maxLength``.
public struct TextTooLong: Error, Equatable, Sendable, CustomStringConvertible {
  public let length: Int
  public var description: String {
    "the text has \(length) characters, more than the \(TextShaper.maxLength) shaped at once"
  }
}
