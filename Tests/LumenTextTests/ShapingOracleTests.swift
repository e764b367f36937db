import Foundation
import LumenTestSupport
import Testing

@testable import LumenText

/// Shaping compared with `hb-shape` (HarfBuzz's own tool) on the same font files from Debian's
/// fonts-* packages: glyph ids, clusters, advances and offsets equal, for scripts that need
/// ligatures and kerning (Latin), joining (Arabic), marks (Hebrew with points), reordering
/// and conjuncts (Devanagari, Thai), CJK and emoji sequences (ZWJ families, skin tones).
struct ShapingOracleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let font: String
    let index: Int
    let language: String
    let text: String
    let script: String
    let direction: TextRun.Direction
    var testDescription: String { "\(script) \(text)" }
  }

  static let fonts = "/usr/share/fonts/truetype"
  static let cases = [
    Case(
      font: "noto/NotoSans-Regular.ttf", index: 0, language: "en",
      text: "Office ﬁnds AVATAR Wave, To. naïve", script: "Latn", direction: .leftToRight),
    Case(
      font: "noto/NotoSansArabic-Regular.ttf", index: 0, language: "ar",
      text: "مرحبا بالعالم لا إله", script: "Arab", direction: .rightToLeft),
    Case(
      font: "noto/NotoSansHebrew-Regular.ttf", index: 0, language: "he",
      text: "שָׁלוֹם עוֹלָם", script: "Hebr", direction: .rightToLeft),
    Case(
      font: "noto/NotoSansDevanagari-Regular.ttf", index: 0, language: "hi",
      text: "नमस्ते दुनिया क्षत्रिय", script: "Deva", direction: .leftToRight),
    Case(
      font: "noto/NotoSansThai-Regular.ttf", index: 0, language: "th",
      text: "สวัสดีชาวโลก น้ำ", script: "Thai", direction: .leftToRight),
    Case(
      font: "wqy/wqy-microhei.ttc", index: 0, language: "zh-Hans", text: "你好，世界。漢字",
      script: "Hani", direction: .leftToRight),
    Case(
      font: "noto/NotoColorEmoji.ttf", index: 0, language: "en",
      text: "👍🏽 👨‍👩‍👧 🇫🇷 ❤️", script: "Zyyy", direction: .leftToRight),
  ]

  static var fontsInstalled: Bool {
    cases.allSatisfy { FileManager.default.fileExists(atPath: "\(fonts)/\($0.font)") }
  }

  @Test(
    .tags(.oracle), .requires(.hbShape),
    .enabled(if: fontsInstalled, "needs Debian's fonts (scripts/setup.sh --oracles)"),
    arguments: cases)
  func glyphsEqualHbShape(_ test: Case) throws {
    let path = "\(Self.fonts)/\(test.font)"
    let runs = try TextShaper.shape(
      test.text, with: FontFile(path: path, index: test.index), language: test.language)
    try #require(runs.count == 1, "\(runs.map { ($0.start, $0.end, $0.script) })")
    #expect(runs[0].script == test.script && runs[0].direction == test.direction)
    let output = try Program.output(
      of: "hb-shape",
      [
        "--output-format=json", "--no-glyph-names", "--face-index=\(test.index)",
        "--language=\(test.language)", path, test.text,
      ])
    let expected = try JSONDecoder().decode([ShapedGlyph].self, from: output)
    #expect(!expected.isEmpty)
    #expect(runs[0].glyphs == expected)
  }
}
