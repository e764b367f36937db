import CFreeType
import Foundation

/// A glyph drawn by FreeType: its coverage (0 none, 255 full) and where it sits relative to
/// the pen, in pixels (`left` to the right of the pen, `top` above the baseline).
struct GlyphMask {
  let left: Int
  let top: Int
  let width: Int
  let height: Int
  /// `width * height` coverage values, top row first.
  let coverage: [UInt8]
}

/// FreeType's face of a font at a pixel size, drawing glyphs as coverage masks: outlines
/// unhinted (so that a preview and an export at another scale agree), antialiased, each placed
/// at its fractional pen position. Made for one drawing on one thread (FreeType's objects are
/// not shared).
final class GlyphRasterizer {
  let pixelSize: Double
  /// The face's ascender and descender at this size, in pixels (descender negative).
  let ascender: Double
  let descender: Double
  private var library: FT_Library?
  private var face: FT_Face?
  private let font: FontFile

  init(font: FontFile, pixelSize: Double) throws(FontError) {
    self.font = font
    self.pixelSize = pixelSize
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw FontError(file: font.path, reason: "FreeType cannot start")
    }
    self.library = library
    var face: FT_Face?
    let opened = font.bytes.withUnsafeBytes { raw in
      FT_New_Memory_Face(
        library, raw.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(raw.count),
        FT_Long(font.index), &face)
    }
    guard opened == 0, let face else {
      FT_Done_FreeType(library)
      throw FontError(file: font.path, reason: "FreeType cannot open face \(font.index)")
    }
    self.face = face
    guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
      throw FontError(
        file: font.path, reason: "has no outlines (a bitmap font: colour emoji come later)")
    }
    guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else {
      throw FontError(file: font.path, reason: "cannot be drawn at \(pixelSize) pixels")
    }
    let metrics = face.pointee.size.pointee.metrics
    ascender = Double(metrics.ascender) / 64
    descender = Double(metrics.descender) / 64
  }

  deinit {
    if let face { FT_Done_Face(face) }
    if let library { FT_Done_FreeType(library) }
  }

  /// `glyph` drawn with its origin at the fraction (`dx`, `dy`) of a pixel right of and above
  /// a pixel corner; nil for a glyph that does not exist or draws nothing (a space).
  func mask(glyph: Int, dx: Double, dy: Double) -> GlyphMask? {
    guard let face, let index = FT_UInt(exactly: glyph) else { return nil }
    var delta = FT_Vector(x: FT_Pos((dx * 64).rounded()), y: FT_Pos((dy * 64).rounded()))
    FT_Set_Transform(face, nil, &delta)
    let flags = FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_NO_BITMAP)
    guard FT_Load_Glyph(face, index, flags) == 0,
      FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
    else { return nil }
    let slot = face.pointee.glyph.pointee
    let bitmap = slot.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    let pitch = Int(bitmap.pitch)
    // FreeType's normal rendering runs top to bottom (a positive pitch).
    guard width > 0, height > 0, pitch >= width, let buffer = bitmap.buffer else { return nil }
    var coverage = [UInt8](repeating: 0, count: width * height)
    for row in 0..<height {
      let source = buffer + row * pitch
      for column in 0..<width { coverage[row * width + column] = source[column] }
    }
    return GlyphMask(
      left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), width: width, height: height,
      coverage: coverage)
  }
}
