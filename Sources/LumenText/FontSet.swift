import CLumenShims
import LumenCore

/// The fonts a text is drawn with: the font it names, and for each character that font lacks,
/// the font fontconfig matches for that character (a colour font for emoji), as `fc-match
/// ":charset=HEX"` would pick it. Marks, joiners, variation selectors and skin-tone modifiers
/// stay with the character they attach to, so that a cluster is shaped by one font.
///
/// The named font is never replaced: a character no installed font has is drawn with the
/// named font's missing-glyph box. A set is made for one piece of text on one thread.
public final class FontSet {
  /// The fonts used so far: the named one first, then fallbacks as characters needed them.
  public private(set) var fonts: [FontFile]
  /// Whether characters the named font lacks are looked for in other fonts.
  public let fallsBack: Bool
  private var matched: [String: Int] = [:]
  private var opened: [String: Int] = [:]

  public init(_ font: FontFile, fallback: Bool = true) {
    fonts = [font]
    fallsBack = fallback
  }

  public var primary: FontFile { fonts[0] }

  /// The index in ``fonts`` of the font that draws each scalar.
  func fontIndices(for scalars: [UInt32]) -> [Int] {
    let hb = primary.libraries.harfbuzz
    let functions = hb.unicode_funcs_get_default()
    var indices = [Int](repeating: 0, count: scalars.count)
    for (position, scalar) in scalars.enumerated() {
      if position > 0, Self.attaches(scalar, after: scalars[position - 1], hb: hb, functions) {
        indices[position] = indices[position - 1]
        continue
      }
      // Drawn as emoji: asked for with U+FE0F, or by the character's default presentation
      // (Emoji_Presentation, ☕ 😀) unless U+FE0E asks for text.
      let next = position + 1 < scalars.count ? scalars[position + 1] : 0
      let asEmoji =
        next == 0xFE0F
        || (next != 0xFE0E && (Unicode.Scalar(scalar)?.properties.isEmojiPresentation ?? false))
      guard fallsBack, asEmoji || !primary.hasGlyph(scalar) else { continue }
      if asEmoji || Self.isEmojiBlock(scalar), let color = fallback(for: scalar, color: true) {
        indices[position] = color
      } else if !primary.hasGlyph(scalar) {
        indices[position] = fallback(for: scalar, color: false) ?? 0
      }
    }
    return indices
  }

  /// Characters that belong to the one before them: marks, format characters (joiners, tags),
  /// variation selectors, skin-tone modifiers, and whatever follows a zero-width joiner.
  private static func attaches(
    _ scalar: UInt32, after previous: UInt32, hb: lumen_harfbuzz_functions,
    _ functions: OpaquePointer?
  ) -> Bool {
    if previous == 0x200D || (0x1F3FB...0x1F3FF).contains(scalar) { return true }
    let category = hb.unicode_general_category(functions, scalar)
    return category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
      || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
      || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
      || category == HB_UNICODE_GENERAL_CATEGORY_FORMAT
  }

  /// Blocks of pictographs (emoji, symbols, flags' regional indicators), for which a colour
  /// font is preferred.
  private static func isEmojiBlock(_ scalar: UInt32) -> Bool {
    (0x1F000...0x1FAFF).contains(scalar) || (0x2600...0x27BF).contains(scalar)
  }

  /// The index of the font fontconfig matches for `scalar` (with colour glyphs when `color`),
  /// opened on first use; nil when the match lacks the character or cannot be opened.
  private func fallback(for scalar: UInt32, color: Bool) -> Int? {
    let pattern = ":charset=\(String(scalar, radix: 16))\(color ? ":color=True" : "")"
    if let known = matched[pattern] { return known >= 0 ? known : nil }
    let found = Self.match(pattern, scalar: scalar, fc: primary.libraries.fontconfig).flatMap {
      match -> Int? in
      let key = "\(match.file)\u{0}\(match.index)"
      if let index = opened[key] { return index }
      guard let font = Self.sharedFont(match.file, index: match.index) else { return nil }
      fonts.append(font)
      opened[key] = fonts.count - 1
      return fonts.count - 1
    }
    matched[pattern] = found ?? -1
    return found
  }

  /// Fallback fonts opened so far, shared by every set: a text layer drawn on each frame of a
  /// video reads its emoji font once, not once per frame (a font file is immutable once
  /// opened, so any thread may use it).
  private static let openedFonts = Locked<[String: FontFile]>([:])

  /// The font file at `path` (face `index`), opened on first use; nil when it cannot be.
  private static func sharedFont(_ path: String, index: Int) -> FontFile? {
    let key = "\(path)\u{0}\(index)"
    if let known = openedFonts.withLock({ $0[key] }) { return known }
    guard let font = try? FontFile(path: path, index: index) else { return nil }
    openedFonts.withLock { $0[key] = font }
    return font
  }

  /// fontconfig's best match for `pattern` (as fc-match finds it), if it has `scalar`.
  static func match(_ pattern: String, scalar: UInt32, fc: lumen_fontconfig_functions)
    -> (file: String, index: Int)?
  {
    match(pattern, fc: fc) { _, charset in
      charset.map { fc.CharSetHasChar($0, scalar) != 0 } ?? false
    }
  }

  /// fontconfig's best match for `pattern`, if one of its families is `family` (ignoring
  /// case).
  static func match(_ pattern: String, family: String, fc: lumen_fontconfig_functions)
    -> (file: String, index: Int)?
  {
    match(pattern, fc: fc) { font, _ in
      var index: Int32 = 0
      var name: UnsafeMutablePointer<FcChar8>?
      while fc.PatternGetString(font, "family", index, &name) == FcResultMatch, let name {
        if String(cString: name).lowercased() == family.lowercased() { return true }
        index += 1
      }
      return false
    }
  }

  /// fontconfig's best match for `pattern`, when `accepts` it (given the match and its
  /// character set).
  private static func match(
    _ pattern: String, fc: lumen_fontconfig_functions,
    accepts: (OpaquePointer, OpaquePointer?) -> Bool
  ) -> (file: String, index: Int)? {
    guard let parsed = fc.NameParse(pattern) else { return nil }
    defer { fc.PatternDestroy(parsed) }
    guard fc.ConfigSubstitute(nil, parsed, FcMatchPattern) != 0 else { return nil }
    fc.DefaultSubstitute(parsed)
    var result = FcResultNoMatch
    guard let font = fc.FontMatch(nil, parsed, &result) else { return nil }
    defer { fc.PatternDestroy(font) }
    var file: UnsafeMutablePointer<FcChar8>?
    var index: Int32 = 0
    var charset: OpaquePointer?
    if fc.PatternGetCharSet(font, "charset", 0, &charset) != FcResultMatch { charset = nil }
    guard fc.PatternGetString(font, "file", 0, &file) == FcResultMatch, let file,
      accepts(font, charset)
    else { return nil }
    if fc.PatternGetInteger(font, "index", 0, &index) != FcResultMatch { index = 0 }
    return (String(cString: file), Int(index))
  }
}
