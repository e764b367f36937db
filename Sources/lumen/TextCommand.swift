import Foundation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenText

/// `lumen text STRING --font FILE (-o OUT | --glyphs)`: the text shaped with a font file, drawn
/// as one line on a transparent background, or its glyphs printed as `hb-shape
/// --output-format=json` prints them, run by run.
enum TextCommand {
  static let command = Command(
    name: "text",
    summary: "Draws a line of text with a font file (-o), or prints its shaped glyphs (--glyphs).",
    positionals: .one("STRING", help: "the text, up to \(TextShaper.maxLength) characters"),
    options: [
      .value("font", "FILE", .path, required: true, help: "a TrueType or OpenType font file"),
      .value(
        "index", "N", .integer(0...65_535), default: "0",
        help: "the face within a font collection (.ttc)"),
      .value(
        "language", "TAG", .text,
        help: "the text's language as a BCP 47 tag (ar, hi, zh-Hans); by default the locale's"),
      .value("size", "PX", .number(1...2048), default: "64", help: "the font size in pixels"),
      .value("color", "RRGGBB", .text, default: "000000", help: "the text's colour (hex)"),
      .value(
        "width", "PX", .number(1...16_384),
        help: "the widest a line may be: longer text wraps where UAX #14 allows"),
      .value(
        "align", "", .choice(TextBlock.Alignment.allCases.map(\.rawValue)), default: "natural",
        help: "the lines' alignment; natural is left, or right for right-to-left text"),
      .value(
        "line-height", "X", .number(0.5...5), default: "1.2",
        help: "baseline to baseline, in font sizes"),
      .value(
        "letter-spacing", "X", .number(-0.5...2), default: "0",
        help: "added after every character, in font sizes"),
      .value("output", short: "o", "OUT", .path, help: "the picture to write (.png, .webp)"),
      .flag("overwrite", help: "replaces OUT when it exists, even when it is the font file"),
      .flag("glyphs", help: "prints the shaped glyphs as JSON"),
      .flag(
        "no-fallback",
        help: "draws characters the font lacks as its missing-glyph box instead of finding them"
          + " in another installed font"),
    ],
    notes: """
      -o draws the text on a transparent background. Lines end at line feeds and, with \
      --width, wherever UAX #14 allows a break (a longer word stands alone); each line is as \
      tall as its fonts' ascenders and descenders (more where ink reaches out). Glyphs are \
      outlines unhinted and antialiased by FreeType, so that every size looks alike, or the \
      colour bitmaps of emoji fonts scaled from their nearest strike by area averaging.

      --glyphs prints one JSON object on one line: the fonts (file, index, units per em) and \
      the runs in logical order, each with its characters (start, end: Unicode scalar \
      offsets), bidi level, direction, ISO 15924 script, font (its place in the list) and \
      glyphs in visual order with hb-shape's fields: g (glyph id), cl (cluster: the scalar \
      offset of its first character), ax, ay (advance) and dx, dy (offset), in font units.

      Characters the font lacks are drawn with the font fontconfig matches for them (as \
      fc-match ":charset=HEX" picks it; a colour font for emoji), unless --no-fallback.
      """,
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let output = args.string("output")
    guard output != nil || args.has("glyphs") else {
      throw UsageError("text needs -o OUT (to draw) or --glyphs (to print the glyphs)")
    }
    let color = try Self.color(args.string("color") ?? "000000")
    let text = try args.firstPositional()
    let fontPath = try args.required("font")
    if let output, !args.has("overwrite") {
      try FileIdentity.refuseOverwriting([fontPath], with: output)
    }
    let font = try FontFile(path: fontPath, index: args.integer("index") ?? 0)
    let fonts = FontSet(font, fallback: !args.has("no-fallback"))
    let runs = try TextShaper.shape(text, with: fonts, language: args.string("language"))
    if args.has("glyphs") {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      let printed = Glyphs(
        fonts: fonts.fonts.map {
          .init(file: $0.path, index: $0.index, unitsPerEm: $0.unitsPerEm)
        }, runs: runs)
      print(String(decoding: try encoder.encode(printed), as: UTF8.self))
    }
    if let output {
      let style = TextBlock.Style(
        size: args.number("size") ?? 64, color: color, maxWidth: args.number("width"),
        alignment: args.string("align").flatMap(TextBlock.Alignment.init(rawValue:)) ?? .natural,
        lineHeight: args.number("line-height") ?? 1.2,
        letterSpacing: args.number("letter-spacing") ?? 0)
      let block = try TextBlock(text, fonts: fonts, language: args.string("language"), style: style)
      try ImageFile.write(
        block.bitmap, to: URL(fileURLWithPath: output), overwrite: args.has("overwrite"))
    }
  }

  /// `RRGGBB` (or `#RRGGBB`) as bytes.
  static func color(_ text: String) throws(UsageError) -> SIMD3<UInt8> {
    let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
      throw UsageError("--color \(UsageError.quoted(text)): expected RRGGBB, such as ff8800")
    }
    return SIMD3(
      UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
      UInt8(truncatingIfNeeded: value))
  }

  private struct Glyphs: Encodable {
    struct Font: Encodable {
      let file: String
      let index: Int
      let unitsPerEm: Int
    }
    let fonts: [Font]
    let runs: [TextRun]
  }
}
