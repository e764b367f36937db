/// The glyphs of one text at one pixel size, each drawn once for every place it takes within a
/// pixel. FreeType draws a glyph at its pen position's fraction of a pixel, in 64ths: a
/// paragraph repeats its letters at those few fractions, so most of its glyphs are found drawn
/// already, exactly as they would be drawn again. One FreeType face a font serves every line.
/// Made for one text on one thread, as ``GlyphRasterizer`` is.
final class GlyphCache {
  let fonts: FontSet
  let pixelSize: Double
  private var rasterizers: [Int: GlyphRasterizer] = [:]
  private var masks: [Key: GlyphMask?] = [:]

  private struct Key: Hashable {
    let font: Int
    let glyph: Int
    let offset: GlyphRasterizer.Offset
  }

  /// Nothing is drawn, nor any face opened, before a glyph is asked for.
  init(fonts: FontSet, pixelSize: Double) {
    self.fonts = fonts
    self.pixelSize = pixelSize
  }

  /// The drawing of font `font` (an index in ``fonts``), opened on first use.
  func rasterizer(_ font: Int) throws(FontError) -> GlyphRasterizer {
    if let made = rasterizers[font] { return made }
    let made = try GlyphRasterizer(font: fonts.fonts[font], pixelSize: pixelSize)
    rasterizers[font] = made
    return made
  }

  /// Glyph `glyph` of font `font` with its origin the fraction (`dx`, `dy`) of a pixel right
  /// of and above a pixel corner (see ``GlyphRasterizer/mask(glyph:at:)``).
  func mask(font: Int, glyph: Int, dx: Double, dy: Double) throws(FontError) -> GlyphMask? {
    let rasterizer = try rasterizer(font)
    let key = Key(font: font, glyph: glyph, offset: rasterizer.offset(dx: dx, dy: dy))
    if let known = masks[key] { return known }
    let drawn = rasterizer.mask(glyph: glyph, at: key.offset)
    masks[key] = drawn
    return drawn
  }
}
