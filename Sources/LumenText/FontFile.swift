import CLumenShims
import Foundation
import LumenCore

/// A font file opened for shaping, measured in the font's own units (as `hb-shape` measures
/// without `--font-size`). A TrueType collection holds several faces; ``index`` picks one.
///
/// The file is opened through ``RegularFile`` (a FIFO or a folder is refused before anything
/// waits on it) and must be at most ``maxSize`` bytes; HarfBuzz keeps the bytes. A font in the
/// system's font folder (``systemFolder``, which only the package manager writes, replacing
/// files rather than shortening them) is mapped, so only the pages shaping and drawing use are
/// read; any other is read whole, as a file given by path could be shortened under a mapping.
public final class FontFile: @unchecked Sendable {
  /// The largest font file read: Noto's CJK collections are about 20 MB.
  public static let maxSize = 128 << 20
  /// Where Debian's fonts-* packages install their files.
  public static let systemFolder = "/usr/share/fonts/"

  public let path: String
  public let index: Int
  /// The design units per em of the face: glyph positions are in these units.
  public let unitsPerEm: Int
  /// The number of glyphs in the face.
  public let glyphCount: Int
  /// HarfBuzz's font over the face (immutable once made, so shared by any thread).
  let font: OpaquePointer
  /// The loaded text libraries, which a shaper of this font uses as well.
  let libraries: lumen_text_libraries
  /// The file's bytes, which FreeType reads glyphs from (``GlyphRasterizer``).
  let bytes: Data

  public init(path: String, index: Int = 0) throws(FontError) {
    let libraries: lumen_text_libraries
    do {
      libraries = try TextLibraries.load()
    } catch {
      throw FontError(file: path, reason: error.description)
    }
    let hb = libraries.harfbuzz
    let bytes: Data
    do {
      bytes =
        try Self.isSystemFont(path)
        ? RegularFile.mapped(path, limit: Self.maxSize)
        : RegularFile.contents(of: path, limit: Self.maxSize)
    } catch {
      throw FontError(file: path, reason: error.reason)
    }
    guard let length = UInt32(exactly: bytes.count) else {
      throw FontError(file: path, reason: "too large")
    }
    // HarfBuzz reads the bytes in place (an emoji font is 10 MB): they are this object's,
    // never changed, and outlive the font made of them, which `deinit` destroys (FreeType
    // reads glyphs from the same bytes).
    let blob = bytes.withUnsafeBytes { raw in
      hb.blob_create(
        raw.baseAddress?.assumingMemoryBound(to: CChar.self), length, HB_MEMORY_MODE_READONLY,
        nil, nil)
    }
    defer { hb.blob_destroy(blob) }
    let faces = Int(hb.face_count(blob))
    guard faces > 0 else { throw FontError(file: path, reason: "not a font file (no face in it)") }
    guard (0..<faces).contains(index), let faceIndex = UInt32(exactly: index) else {
      throw FontError(
        file: path, reason: "has \(faces) face\(faces == 1 ? "" : "s"); there is no face \(index)")
    }
    let face = hb.face_create(blob, faceIndex)
    defer { hb.face_destroy(face) }
    let glyphs = Int(hb.face_get_glyph_count(face))
    let upem = Int(hb.face_get_upem(face))
    guard glyphs > 0, upem > 0 else {
      throw FontError(file: path, reason: "face \(index) has no glyphs")
    }
    guard let font = hb.font_create(face) else {
      throw FontError(file: path, reason: "HarfBuzz cannot open face \(index)")
    }
    hb.font_make_immutable(font)
    self.path = path
    self.index = index
    self.unitsPerEm = upem
    self.glyphCount = glyphs
    self.font = font
    self.libraries = libraries
    self.bytes = bytes
  }

  deinit { libraries.harfbuzz.font_destroy(font) }

  /// Whether `path`, links followed, is a file in ``systemFolder``.
  static func isSystemFont(_ path: String) -> Bool {
    guard let resolved = realpath(path, nil) else { return false }
    defer { free(resolved) }
    return String(cString: resolved).hasPrefix(systemFolder)
  }

  /// Whether the font maps `scalar` to a glyph of its own.
  public func hasGlyph(_ scalar: UInt32) -> Bool {
    var glyph: hb_codepoint_t = 0
    return libraries.harfbuzz.font_get_nominal_glyph(font, scalar, &glyph) != 0
  }
}

extension FontFile {
  /// The installed font a name such as `Noto Sans` or `Noto Sans:style=Bold` (fontconfig's
  /// pattern syntax) names, as fontconfig finds it. The match must be of the family asked for:
  /// fontconfig's nearest other family is never taken in its place.
  public static func installed(_ name: String) throws(FontError) -> FontFile {
    let libraries: lumen_text_libraries
    do {
      libraries = try TextLibraries.load()
    } catch {
      throw FontError(file: name, reason: error.description)
    }
    let family = name.split(separator: ":", maxSplits: 1).first.map(String.init) ?? name
    guard !family.isEmpty, name.utf8.count <= 256, !name.contains("\0") else {
      throw FontError(file: name, reason: "not a font name")
    }
    guard let match = FontSet.match(name, family: family, fc: libraries.fontconfig) else {
      throw FontError(
        file: name, reason: "no installed font of the family \(EchoedText.quoted(family))")
    }
    return try FontFile(path: match.file, index: match.index)
  }
}
