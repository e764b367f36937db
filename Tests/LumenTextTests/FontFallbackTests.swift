import Foundation
import LumenTestSupport
import Testing

@testable import LumenText

/// Characters the named font lacks are drawn with the font fontconfig's own matcher picks for
/// them (`fc-match ":charset=HEX"`, with `:color=True` for emoji), and clusters stay whole.
struct FontFallbackTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static var dejaVuInstalled: Bool { FileManager.default.fileExists(atPath: dejaVu) }

  static let font = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
  static var fontInstalled: Bool { FileManager.default.fileExists(atPath: font) }

  /// fc-match's file for `pattern`.
  static func fcMatch(_ pattern: String) throws -> String {
    let output = try Program.output(of: "fc-match", [pattern, "--format=%{file}"])
    return String(decoding: output, as: UTF8.self)
  }

  @Test(
    .tags(.oracle), .requires(.fcMatch),
    .enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func fallbacksAreFontconfigsMatches() throws {
    let fonts = FontSet(try FontFile(path: Self.font))
    // Latin in the named font; CJK, Devanagari, Thai and emoji from other fonts.
    let text = "Aa 你好 नमस्ते สวัสดี 😀👍🏽 ❤️"
    let runs = try TextShaper.shape(text, with: fonts)
    let scalars = text.unicodeScalars.map(\.value)
    for run in runs {
      let file = fonts.fonts[run.font].path
      let first = scalars[run.start]
      if run.font == 0 {
        #expect(fonts.primary.hasGlyph(first), "\(String(first, radix: 16)) in the named font")
        continue
      }
      let emoji = (0x1F000...0x1FAFF).contains(first) || (0x2600...0x27BF).contains(first)
      let pattern = ":charset=\(String(first, radix: 16))\(emoji ? ":color=True" : "")"
      #expect(file == (try Self.fcMatch(pattern)), "\(pattern): \(file)")
    }
    #expect(fonts.fonts.count >= 5, "\(fonts.fonts.map(\.path))")
    // The thumb with its skin tone, and the heart with its emoji selector, are one run each of
    // the colour font, shaped into one glyph.
    let emojiRuns = runs.filter { fonts.fonts[$0.font].path.hasSuffix("NotoColorEmoji.ttf") }
    #expect(emojiRuns.flatMap(\.glyphs).filter { $0.xAdvance > 0 }.count == 3)
  }

  /// Without fallback, every run is the named font's, with its missing glyph (0) for the
  /// characters it lacks.
  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func withoutFallbackTheNamedFontDrawsEverything() throws {
    let fonts = FontSet(try FontFile(path: Self.font), fallback: false)
    let runs = try TextShaper.shape("A你😀", with: fonts)
    #expect(fonts.fonts.count == 1 && runs.allSatisfy { $0.font == 0 })
    #expect(runs.flatMap(\.glyphs).map(\.glyph).filter { $0 == 0 }.count == 2)
  }

  /// A character whose default presentation is emoji (☕, Emoji_Presentation) comes from the
  /// colour font even where the named font has it; U+FE0E asks for the named font's glyph.
  @Test(.enabled(if: dejaVuInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func emojiPresentationIsTheDefaultUnlessTextIsAsked() throws {
    let fonts = FontSet(try FontFile(path: Self.dejaVu))
    #expect(fonts.primary.hasGlyph(0x2615))
    let emoji = try TextShaper.shape("\u{2615}", with: fonts)
    #expect(emoji.count == 1 && emoji[0].font != 0)
    #expect(fonts.fonts[emoji[0].font].path.contains("Emoji"))
    let text = try TextShaper.shape("\u{2615}\u{FE0E}", with: fonts)
    #expect(text.allSatisfy { $0.font == 0 })
    // A digit (Emoji, but not Emoji_Presentation) stays text.
    #expect(try TextShaper.shape("7", with: fonts).allSatisfy { $0.font == 0 })
  }
}
