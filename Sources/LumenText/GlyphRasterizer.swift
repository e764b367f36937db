import CFreeType
import Foundation

/// A glyph drawn by FreeType, premultiplied RGBA (a coverage glyph takes the text's colour),
/// and where it sits relative to the pen, in pixels (`left` to the right of the pen, `top`
/// above the baseline).
struct GlyphMask {
  let left: Int
  let top: Int
  let width: Int
  let height: Int
  /// What the glyph holds: coverage (0 none, 255 full) or colour pixels.
  let pixels: Pixels

  enum Pixels {
    /// `width * height` coverage values, top row first.
    case coverage([UInt8])
    /// `width * height` premultiplied RGBA pixels, top row first.
    case color([UInt8])
  }
}

/// FreeType's face of a font at a pixel size, drawing glyphs: outlines unhinted (so that a
/// preview and an export at another scale agree) and antialiased, each placed at its
/// fractional pen position; the colour bitmaps of bitmap fonts (Noto Color Emoji's strikes)
/// scaled from the nearest larger strike by area averaging. Made for one drawing on one thread
/// (FreeType's objects are not shared).
final class GlyphRasterizer {
  /// The face's ascender and descender at this size, in pixels (descender negative).
  let ascender: Double
  let descender: Double
  /// For a bitmap font, the drawn size over the strike's: its bitmaps are scaled by it.
  private let bitmapScale: Double?
  private var library: FT_Library?
  private var face: FT_Face?

  init(font: FontFile, pixelSize: Double) throws(FontError) {
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
    let metrics: FT_Size_Metrics
    if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
      guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else {
        throw FontError(file: font.path, reason: "cannot be drawn at \(pixelSize) pixels")
      }
      metrics = face.pointee.size.pointee.metrics
      bitmapScale = nil
    } else {
      guard let strike = Self.strike(of: face, for: pixelSize),
        FT_Select_Size(face, FT_Int(strike.index)) == 0
      else { throw FontError(file: font.path, reason: "has neither outlines nor bitmaps") }
      metrics = face.pointee.size.pointee.metrics
      bitmapScale = pixelSize / strike.pixels
    }
    let unit = (bitmapScale ?? 1) / 64
    ascender = Double(metrics.ascender) * unit
    descender = Double(metrics.descender) * unit
  }

  deinit {
    if let face { FT_Done_Face(face) }
    if let library { FT_Done_FreeType(library) }
  }

  /// The smallest strike at least `pixelSize` tall (scaling down keeps detail), else the
  /// largest: its index and height in pixels.
  private static func strike(of face: FT_Face, for pixelSize: Double)
    -> (index: Int, pixels: Double)?
  {
    let count = Int(face.pointee.num_fixed_sizes)
    guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
    let strikes = (0..<count).map { (index: $0, pixels: Double(sizes[$0].y_ppem) / 64) }
      .filter { $0.pixels > 0 }
    return strikes.filter { $0.pixels >= pixelSize }.min { $0.pixels < $1.pixels }
      ?? strikes.max { $0.pixels < $1.pixels }
  }

  /// Where a glyph's origin is drawn, right of and above a pixel corner, in 64ths of a pixel
  /// (FreeType's 26.6 fixed point).
  struct Offset: Hashable {
    let x: Int
    let y: Int
  }

  /// The offset of the fraction (`dx`, `dy`) of a pixel, as this face draws it: a bitmap
  /// font's glyphs are drawn the same at any fraction.
  func offset(dx: Double, dy: Double) -> Offset {
    bitmapScale != nil
      ? Offset(x: 0, y: 0) : Offset(x: Self.sixtyFourths(dx), y: Self.sixtyFourths(dy))
  }

  /// A fraction of a pixel (0..<1) in whole 64ths.
  private static func sixtyFourths(_ fraction: Double) -> Int {
    fraction.isFinite ? Int((min(max(fraction, 0), 1) * 64).rounded()) : 0
  }

  /// `glyph` drawn with its origin at `offset` from a pixel corner; nil for a glyph that does
  /// not exist or draws nothing (a space).
  func mask(glyph: Int, at offset: Offset) -> GlyphMask? {
    guard let face, let index = FT_UInt(exactly: glyph) else { return nil }
    if let bitmapScale { return colorMask(face: face, glyph: index, scale: bitmapScale) }
    var delta = FT_Vector(x: FT_Pos(offset.x), y: FT_Pos(offset.y))
    FT_Set_Transform(face, nil, &delta)
    let flags = FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_NO_BITMAP)
    guard FT_Load_Glyph(face, index, flags) == 0,
      FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
    else { return nil }
    let slot = face.pointee.glyph.pointee
    guard let rows = Self.rows(of: slot.bitmap, bytesPerPixel: 1) else { return nil }
    return GlyphMask(
      left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), width: Int(slot.bitmap.width),
      height: Int(slot.bitmap.rows), pixels: .coverage(rows))
  }

  /// A colour bitmap glyph (BGRA, premultiplied) as RGBA, scaled by `scale`.
  private func colorMask(face: FT_Face, glyph: FT_UInt, scale: Double) -> GlyphMask? {
    guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0 else { return nil }
    let slot = face.pointee.glyph.pointee
    guard slot.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
      var pixels = Self.rows(of: slot.bitmap, bytesPerPixel: 4)
    else { return nil }
    for index in stride(from: 0, to: pixels.count, by: 4) { pixels.swapAt(index, index + 2) }
    let (width, height) = (Int(slot.bitmap.width), Int(slot.bitmap.rows))
    let scaled = AreaScaler.scale(pixels, width: width, height: height, by: scale)
    return GlyphMask(
      left: Int((Double(slot.bitmap_left) * scale).rounded()),
      top: Int((Double(slot.bitmap_top) * scale).rounded()), width: scaled.width,
      height: scaled.height, pixels: .color(scaled.pixels))
  }

  /// The bitmap's rows packed without padding; nil for an empty or bottom-up bitmap.
  private static func rows(of bitmap: FT_Bitmap, bytesPerPixel: Int) -> [UInt8]? {
    let (width, height, pitch) = (Int(bitmap.width), Int(bitmap.rows), Int(bitmap.pitch))
    let rowBytes = width * bytesPerPixel
    // FreeType renders top to bottom (a positive pitch).
    guard width > 0, height > 0, pitch >= rowBytes, let buffer = bitmap.buffer else {
      return nil
    }
    return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { packed, count in
      for row in 0..<height {
        (packed.baseAddress! + row * rowBytes).update(from: buffer + row * pitch, count: rowBytes)
      }
      count = rowBytes * height
    }
  }
}
