import CFreeType

/// Glyphs' control boxes and a face's ascender and descender in the font's own units, read
/// once: scaled to a size, they bound what ``GlyphRasterizer`` draws there (FreeType rounds
/// the same boxes out to whole pixels), so a text can be measured at any size without
/// drawing it. Outline fonts only: a bitmap font's strikes are drawn to be measured.
struct GlyphBoxes {
  struct Box {
    var xMin, yMin, xMax, yMax: Double
  }

  let unitsPerEm: Double
  let ascender: Double
  let descender: Double
  /// The boxes of the glyphs asked for that draw something.
  let boxes: [Int: Box]

  /// Reads `glyphs` of `font`; nil when it has no outlines or FreeType cannot open it.
  init?(font: FontFile, glyphs: Set<Int>) {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return nil }
    defer { FT_Done_FreeType(library) }
    let read = font.bytes.withUnsafeBytes { raw -> (Double, Double, [Int: Box])? in
      var face: FT_Face?
      guard
        FT_New_Memory_Face(
          library, raw.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(raw.count),
          FT_Long(font.index), &face) == 0, let face
      else { return nil }
      defer { FT_Done_Face(face) }
      guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else { return nil }
      var boxes: [Int: Box] = [:]
      let flags = FT_Int32(FT_LOAD_NO_SCALE) | FT_Int32(FT_LOAD_NO_BITMAP)
      for glyph in glyphs {
        guard let index = FT_UInt(exactly: glyph), FT_Load_Glyph(face, index, flags) == 0
        else { continue }
        // The control box: every point's, on the curve or not.
        let outline = face.pointee.glyph.pointee.outline
        guard outline.n_points > 0, let points = outline.points else { continue }
        var box = Box(xMin: .infinity, yMin: .infinity, xMax: -.infinity, yMax: -.infinity)
        for point in UnsafeBufferPointer(start: points, count: Int(outline.n_points)) {
          let (x, y) = (Double(point.x), Double(point.y))
          box = Box(
            xMin: min(box.xMin, x), yMin: min(box.yMin, y), xMax: max(box.xMax, x),
            yMax: max(box.yMax, y))
        }
        boxes[glyph] = box
      }
      return (Double(face.pointee.ascender), Double(face.pointee.descender), boxes)
    }
    guard let read else { return nil }
    unitsPerEm = Double(font.unitsPerEm)
    (ascender, descender, boxes) = read
  }
}
