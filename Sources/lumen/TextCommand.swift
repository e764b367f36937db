import Foundation
import LumenCommandLine
import LumenText

/// `lumen text STRING --font FILE --glyphs`: the text shaped with a font file, its glyphs
/// printed as `hb-shape --output-format=json` prints them, run by run. Drawing the text block
/// comes with the text layer.
enum TextCommand {
  static let command = Command(
    name: "text",
    summary: "Shapes text with a font file and prints the glyphs, run by run (--glyphs).",
    positionals: .one("STRING", help: "the text, up to \(TextShaper.maxLength) characters"),
    options: [
      .value("font", "FILE", .path, required: true, help: "a TrueType or OpenType font file"),
      .value(
        "index", "N", .integer(0...65_535), default: "0",
        help: "the face within a font collection (.ttc)"),
      .value(
        "language", "TAG", .text,
        help: "the text's language as a BCP 47 tag (ar, hi, zh-Hans); by default the locale's"),
      .flag("glyphs", help: "prints the shaped glyphs as JSON (required for now)"),
    ],
    notes: """
      --glyphs prints one JSON object on one line: the font's units per em and the runs in \
      logical order, each with its characters (start, end: Unicode scalar offsets), bidi \
      level, direction, ISO 15924 script and its glyphs in visual order with hb-shape's \
      fields: g (glyph id), cl (cluster: the scalar offset of its first character), ax, ay \
      (advance) and dx, dy (offset), in font units.
      """,
    run: run)

  static func run(_ args: ParsedArguments) throws {
    guard args.has("glyphs") else {
      throw UsageError("text prints glyphs only for now: give --glyphs")
    }
    let text = try args.firstPositional()
    let font = try FontFile(path: try args.required("font"), index: args.integer("index") ?? 0)
    let runs = try TextShaper.shape(text, with: font, language: args.string("language"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let output = Output(unitsPerEm: font.unitsPerEm, runs: runs)
    print(String(decoding: try encoder.encode(output), as: UTF8.self))
  }

  private struct Output: Encodable {
    let unitsPerEm: Int
    let runs: [TextRun]
  }
}
