import Foundation
import LumenTestSupport
import Testing

/// `lumen text`: a drawn line equal to FreeType's own drawing (freetype-py), shaped glyphs as
/// JSON, and one-line errors for bad fonts, sizes and text.
struct TextCommandTests {
  static let font = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
  static var fontInstalled: Bool { FileManager.default.fileExists(atPath: font) }

  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func glyphsAreJSON() throws {
    let result = try CLI.run("text", "Wave", "--font", Self.font, "--glyphs")
    #expect(result.status == 0, "\(result.errors)")
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    let runs = object?["runs"] as? [[String: Any]]
    let fonts = object?["fonts"] as? [[String: Any]]
    #expect(fonts?.count == 1 && fonts?[0]["unitsPerEm"] as? Int == 1000)
    #expect(runs?.count == 1 && (runs?[0]["glyphs"] as? [Any])?.count == 4)
  }

  static let fonts = "/usr/share/fonts/truetype"

  /// Each glyph's coverage, where the line puts it, equals freetype-py's rendering of the same
  /// glyph at the same fractional pen position (laid out by the oracle from the printed
  /// glyphs), within one level; sizes include fractions of a pixel. Colour emoji, scaled down
  /// and up from their 109-pixel strike, equal an area average of FreeType's bitmaps computed
  /// as repetition and block means.
  @Test(
    .tags(.oracle), .requires(.python),
    .enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"),
    arguments: [
      ("noto/NotoSans-Regular.ttf", "Wave Office AVATAR ﬁnds, naïve", 48.0),
      ("noto/NotoSansArabic-Regular.ttf", "مرحبا بالعالم", 37.5),
      ("noto/NotoSansHebrew-Regular.ttf", "שָׁלוֹם עוֹלָם", 33.3),
      ("noto/NotoSansDevanagari-Regular.ttf", "नमस्ते दुनिया", 30.0),
      ("noto/NotoSansThai-Regular.ttf", "สวัสดีชาวโลก น้ำ", 24.0),
      ("wqy/wqy-microhei.ttc", "你好世界漢字", 19.0),
      ("noto/NotoColorEmoji.ttf", "👍🏽 👨‍👩‍👧 🇫🇷 ❤️😀", 48.0),
      ("noto/NotoColorEmoji.ttf", "👍🏽 👨‍👩‍👧 🇫🇷 ❤️😀", 130.0),
    ])
  func drawnLineEqualsFreeType(_ font: String, _ text: String, _ size: Double) throws {
    let folder = try CLI.scratch()
    let (picture, glyphs) = (
      folder.appendingPathComponent("line.png"), folder.appendingPathComponent("glyphs.json")
    )
    let path = "\(Self.fonts)/\(font)"
    let result = try CLI.run(
      "text", text, "--font", path, "--size", "\(size)", "--glyphs", "--no-fallback", "-o",
      picture.path)
    #expect(result.status == 0, "\(result.errors)")
    try Data(result.output.utf8).write(to: glyphs)
    let report = try Oracle.runScript(
      "text_freetype.py", [picture.path, path, "0", "\(size)", glyphs.path])
    let numbers = try JSONDecoder().decode([String: Double].self, from: Data(report.utf8))
    #expect(
      numbers["width"] == numbers["lumenWidth"] && numbers["height"] == numbers["lumenHeight"],
      "\(report)")
    #expect((numbers["inkPixels"] ?? 0) > 100, "\(report)")
    #expect((numbers["maxDifference"] ?? 255) <= 1, "\(report)")
  }

  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func badFontsAndTextAreOneLine() throws {
    let folder = try CLI.scratch()
    let fifo = folder.appendingPathComponent("font.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let scratchOutput = folder.appendingPathComponent("never-written.png").path
    let cases: [(arguments: [String], status: Int32, message: String)] = [
      (["text", "Hi", "--font", Self.font], 2, "--glyphs"),
      (["text", "Hi", "--font", Self.font, "--size", "nan", "-o", scratchOutput], 2, "--size"),
      (["text", "Hi", "--font", Self.font, "--size", "1e9", "-o", scratchOutput], 2, "--size"),
      (["text", "Hi", "--font", Self.font, "--color", "red", "-o", scratchOutput], 2, "--color"),
      (["text", "Hi", "--font", Self.font, "-o", Self.font], 1, "refusing to write over"),
      (
        [
          "text", String(repeating: "W", count: 2000), "--font", Self.font, "--size", "2048", "-o",
          scratchOutput,
        ], 1, "more than 16384"
      ),
      (["text", "Hi", "--font", "/nonexistent.ttf", "--glyphs"], 1, "/nonexistent.ttf"),
      (["text", "Hi", "--font", fifo, "--glyphs"], 1, "not a regular file"),
      (["text", "Hi", "--font", folder.path, "--glyphs"], 1, "not a regular file"),
      (["text", "Hi", "--font", photo, "--glyphs"], 1, "not a font file"),
      (["text", "Hi", "--font", Self.font, "--index", "3", "--glyphs"], 1, "no face 3"),
      (["text", "Hi", "--font", Self.font, "--index", "-1", "--glyphs"], 2, "--index"),
      (
        ["text", String(repeating: "a", count: 100_000), "--font", Self.font, "--glyphs"], 1,
        "100000 characters"
      ),
    ]
    for test in cases {
      let result = try CLI.run(test.arguments)
      let shown = test.arguments.map { $0.prefix(40) }.joined(separator: " ")
      #expect(result.status == test.status, "\(shown): \(result.errors)")
      #expect(result.errors.contains(test.message), "\(shown): \(result.errors)")
      #expect(result.errors.split(separator: "\n").count == 1, "\(shown): \(result.errors)")
      #expect(result.output.isEmpty)
    }
    #expect(!FileManager.default.fileExists(atPath: scratchOutput))
  }
}
