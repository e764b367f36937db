import LumenCore

/// A paragraph shaped and its line-break opportunities found once, then broken into lines at
/// any size: what ``TextBlock`` draws from, and what a search over sizes (a template's
/// auto-fit) measures with, since shaping does not depend on the size (advances are in the
/// fonts' units and scale), nor do the glyphs' outlines' boxes (``GlyphBoxes``).
public struct TextMeasure {
  let fonts: FontSet
  let runs: [TextRun]
  let scalars: [UInt32]
  let opportunities: [LineBreaker.Opportunity]
  /// Each font's glyph boxes, read when first measured; nil for a font without outlines.
  private let boxes: Locked<[Int: GlyphBoxes?]> = Locked([:])

  public init(_ text: String, fonts: FontSet, language: String? = nil) throws(TextDrawingError) {
    do {
      runs = try TextShaper.shape(text, with: fonts, language: language)
    } catch {
      throw .tooLong(error)
    }
    self.fonts = fonts
    scalars = text.unicodeScalars.map(\.value)
    opportunities = LineBreaker.opportunities(
      scalars, language: language, unibreak: fonts.primary.libraries.unibreak)
  }

  /// Whether the paragraph runs right to left (its lowest level is odd).
  var isRightToLeft: Bool { (runs.map(\.level).min() ?? 0) % 2 == 1 }

  /// The lines at `style`'s size and width: each line's characters, and its share of the
  /// runs (letters spaced).
  func lines(_ style: TextBlock.Style) -> (ranges: [Range<Int>], runs: [[TextRun]]) {
    let spaced = TextBlock.spaced(
      runs, by: style.letterSpacing * style.size, fonts: fonts, style.size)
    // Each scalar's share of the line width: its cluster's advances (spacing included).
    var widths = [Double](repeating: 0, count: scalars.count)
    for run in spaced {
      let scale = style.size / Double(fonts.fonts[run.font].unitsPerEm)
      for glyph in run.glyphs where widths.indices.contains(glyph.cluster) {
        widths[glyph.cluster] += Double(glyph.xAdvance) * scale
      }
    }
    let ranges = TextBlock.lines(
      scalars, widths: widths, opportunities: opportunities, maxWidth: style.maxWidth)
    let lineRuns = ranges.map { line in
      spaced.compactMap { run in
        var clipped = run
        clipped.glyphs = run.glyphs.filter { line.contains($0.cluster) }
        return clipped.glyphs.isEmpty ? nil : clipped
      }
    }
    return (ranges, lineRuns)
  }

  /// The block's size at `style` without drawing a glyph: the same lines as a drawn
  /// block's, each as tall as its fonts' ascender and descender and as wide as its advance,
  /// widened to the glyphs' outline boxes rounded out to whole pixels, as FreeType rounds them
  /// to draw. So never smaller than the drawing (at most a pixel larger at a side); nil when a
  /// font has no outlines (bitmap emoji), whose drawing must be measured.
  public func size(_ style: TextBlock.Style) throws(TextDrawingError) -> (width: Int, height: Int)?
  {
    try TextBlock.check(style)
    guard style.size.isFinite, (1...TextLine.maxFontSize).contains(style.size) else {
      throw .badSize(style.size)
    }
    // A 64th of a pixel is FreeType's grain: each bound moves out by two.
    let grain = 1.0 / 32
    var lineBoxes: [TextBlock.LineBox] = []
    for runs in lines(style).runs {
      var (penX, penY) = (0.0, 0.0)
      var (left, right, top, bottom) = (0, 0, 0, 0)
      for run in TextLine.visualOrder(runs) {
        guard let font = glyphBoxes(run.font) else { return nil }
        let scale = style.size / font.unitsPerEm
        top = min(top, -Int((font.ascender * scale + grain).rounded(.up)))
        bottom = max(bottom, Int((-font.descender * scale + grain).rounded(.up)))
        for glyph in run.glyphs {
          let x = penX + Double(glyph.xOffset) * scale
          let y = penY + Double(glyph.yOffset) * scale
          if let box = font.boxes[glyph.glyph] {
            left = min(left, Int((x + box.xMin * scale - grain).rounded(.down)))
            right = max(right, Int((x + box.xMax * scale + grain).rounded(.up)))
            top = min(top, -Int((y + box.yMax * scale + grain).rounded(.up)))
            bottom = max(bottom, -Int((y + box.yMin * scale - grain).rounded(.down)))
          }
          penX += Double(glyph.xAdvance) * scale
          penY += Double(glyph.yAdvance) * scale
        }
      }
      right = max(right, Int(penX.rounded(.up)))
      lineBoxes.append(
        TextBlock.LineBox(
          width: max(1, right - left), height: max(1, bottom - top), baseline: -top))
    }
    let stacked = try TextBlock.stack(lineBoxes, style: style, rightToLeft: isRightToLeft)
    return (stacked.width, stacked.height)
  }

  /// Font `index`'s boxes for every glyph the paragraph uses, read once.
  private func glyphBoxes(_ index: Int) -> GlyphBoxes? {
    boxes.withLock { cache in
      if let read = cache[index] { return read }
      let glyphs = Set(runs.filter { $0.font == index }.flatMap { $0.glyphs.map(\.glyph) })
      let read = GlyphBoxes(font: fonts.fonts[index], glyphs: glyphs)
      cache[index] = read
      return read
    }
  }
}
