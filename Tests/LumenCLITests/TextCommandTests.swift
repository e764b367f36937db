import Foundation
import LumenTestSupport
import Testing

/// `lumen text --glyphs`: shaped glyphs as JSON, and one-line errors for bad fonts and text.
struct TextCommandTests {
  static let font = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
  static var fontInstalled: Bool { FileManager.default.fileExists(atPath: font) }

  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func glyphsAreJSON() throws {
    let result = try CLI.run("text", "Wave", "--font", Self.font, "--glyphs")
    #expect(result.status == 0, "\(result.errors)")
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    let runs = object?["runs"] as? [[String: Any]]
    #expect(object?["unitsPerEm"] as? Int == 1000)
    #expect(runs?.count == 1 && (runs?[0]["glyphs"] as? [Any])?.count == 4)
  }

  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func badFontsAndTextAreOneLine() throws {
    let folder = try CLI.scratch()
    let fifo = folder.appendingPathComponent("font.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let cases: [(arguments: [String], status: Int32, message: String)] = [
      (["text", "Hi", "--font", Self.font], 2, "--glyphs"),
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
  }
}
