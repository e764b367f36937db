import Foundation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenSymbols

/// `lumen symbols generate | render | preview | export`: masters drawn from a design, and
/// symbols drawn to pictures and templates.
extension SymbolsCommand {
  static let output = Option.value(
    "output", short: "o", "OUT", .path, required: true, help: "the file to write")
  static let scale = Option.value(
    "scale", "K", .integer(1...64), default: "8", help: "pixels per unit of the drawing")

  static let generate = Command(
    name: "generate", summary: "Draws the three masters from one centre-line design.",
    positionals: Positionals(
      placeholder: "DESIGN.svg", count: 1...1, help: "centre lines with strokes (32 units tall)"),
    options: mastersOutput + [
      .value(
        "widths", "U,R,B", .text, default: "0.8,2.45,4.95",
        help: "the masters' stroke widths: Ultralight, Regular, Black"),
      .value(
        "radii", "U,R,B", .text, default: "2.5,3,3.5",
        help: "the masters' corner radii (all 0: sharp corners, joined as the design says)"),
    ],
    notes: """
      Every stroked shape of the design (fill="none" for a bare centre line) is outlined at \
      each master's width with its own caps and joins, after its corners between straight \
      segments are rounded with the master's radius (data-corner-radius="R" on a shape or \
      group: R at Regular, scaled alike; 0: sharp). The outliner plans every outline for the \
      widest stroke, so the masters have the same paths, nodes, segments, first nodes and \
      directions: they interpolate by construction. Filled shapes are copied to every master.
      """,
    run: runGenerate)

  static let render = Command(
    name: "render", summary: "Draws an SVG's shapes to a PNG, as an SVG renderer would.",
    positionals: Positionals(placeholder: "IN.svg", count: 1...1, help: "the SVG to draw"),
    options: [output, scale],
    notes: """
      Every shape black on transparent (alpha is coverage): fills by their fill-rule, strokes \
      outlined with their width, caps, joins and miter limit. The picture is the SVG's width \
      and height times the scale, its viewBox mapped onto them.
      """,
    run: runRender)

  static let preview = Command(
    name: "preview", summary: "Draws the masters and the weights between, with their nodes marked.",
    positionals: masterFiles, options: [output, scale],
    notes: """
      A PNG sheet: Ultralight, 0.25, Regular, 0.75 and Black when the masters interpolate (the \
      masters alone when not); nodes in blue, each path's first node circled in red and its \
      second in orange (the direction it runs).
      """,
    run: runPreview)

  static let export = Command(
    name: "export", summary: "Writes the custom-symbol template the symbols app imports.",
    positionals: masterFiles, options: [output],
    notes: """
      Notes, Guides (Baseline-S and Capline-S, each master's left and right margins at its \
      artboard's sides) and Symbols (Ultralight-S, Regular-S, Black-S), for an artboard of \
      any width: the baseline 4 units above its bottom, the capline 4 below its top. check, \
      fix, interpolate and preview read the template back onto the artboards.
      """,
    run: runExport)

  static func runGenerate(_ args: ParsedArguments) throws {
    let design = try args.firstPositional()
    let strokes: MasterStrokes
    let masters: [Master]
    do {
      strokes = try MasterStrokes(
        widths: try numbers(args, "widths"), radii: try numbers(args, "radii"))
    } catch {
      throw UsageError("\(error)")
    }
    do {
      let drawing = try SVGDrawing(contentsOf: URL(fileURLWithPath: design))
      masters = try SymbolGenerator.masters(of: drawing, file: design, strokes: strokes)
      // SVG fills what it strokes unless told not to: a centre line left filled is drawn as
      // a shape of its own in every master, which is seldom what the designer meant.
      let filled = drawing.shapes.filter { $0.stroke != nil && $0.fill != nil }.count
      if filled > 0 {
        FileHandle.standardError.write(
          Data(
            ("lumen: note: stroked shapes also filled: \(filled) (fill=\"none\" draws a bare "
              + "centre line)\n").utf8))
      }
    } catch {
      CommandLineTool.fail(CommandFailure("\(error)"), status: 2)
    }
    for (master, (width, radius)) in zip(masters, zip(strokes.widths, strokes.radii)) {
      print(
        "\(master.weight.rawValue): stroke \(width), corner radius \(radius), \(master.contours.count) paths"
      )
    }
    try writeMasters(masters, args)
  }

  /// Three numbers from a comma-separated option.
  private static func numbers(_ args: ParsedArguments, _ name: String) throws -> [Double] {
    let text = args.string(name) ?? ""
    let words = text.split(separator: ",", omittingEmptySubsequences: false)
    let numbers = words.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard words.count == 3, numbers.count == 3, numbers.allSatisfy(\.isFinite) else {
      throw UsageError("--\(name): three numbers separated by commas, not \(EchoedText.line(text))")
    }
    return numbers
  }

  static func runRender(_ args: ParsedArguments) throws {
    let input = URL(fileURLWithPath: try args.firstPositional())
    let output = try outputURL(args)
    let canvas: SymbolCanvas
    do {
      canvas = try SymbolCanvas(
        rendering: try SVGDrawing(contentsOf: input), scale: Double(args.integer("scale") ?? 8))
    } catch {
      CommandLineTool.fail(CommandFailure("\(error)"), status: 2)
    }
    try writePicture(canvas, to: output)
  }

  static func runPreview(_ args: ParsedArguments) throws {
    let output = try outputURL(args)
    let sheet: SymbolCanvas
    do {
      sheet = try previewSheet(masters(args), scale: Double(args.integer("scale") ?? 8))
    } catch {
      throw CommandFailure("\(error)")
    }
    try writePicture(sheet, to: output)
  }

  /// The preview sheet of `masters` with each column's label under it.
  static func previewSheet(_ masters: [Master], scale: Double) throws(SymbolError) -> SymbolCanvas {
    let sheet = PreviewSheet(masters: masters, scale: scale)
    var canvas = try sheet.render()
    for label in sheet.labels {
      try canvas.fill(
        labelPixels(
          SheetCanvas.fitting(label.text, maxWidth: sheet.cellSize.width, scale: 1),
          x: label.x, y: label.y), color: [60, 60, 60, 255])
    }
    return canvas
  }

  static func runExport(_ args: ParsedArguments) throws {
    let output = try outputURL(args)
    try write(TemplateExport.svg(masters(args)), to: output)
  }

  /// The pixels of `text` in the sheet font, as squares to fill.
  private static func labelPixels(_ text: String, x: Int, y: Int) -> [Contour] {
    SheetFont.pixels(of: text).map { pixel in
      let (left, top) = (Double(x + pixel.x), Double(y + pixel.y))
      return Contour(
        start: PathPoint(left, top),
        segments: [
          .line(to: PathPoint(left + 1, top)), .line(to: PathPoint(left + 1, top + 1)),
          .line(to: PathPoint(left, top + 1)),
        ], isClosed: true)
    }
  }

  private static func writePicture(_ canvas: SymbolCanvas, to output: URL) throws {
    try ImageFile.write(canvas.bitmap, to: output, format: .png)
    print("wrote \(output.path) (\(canvas.width) x \(canvas.height))")
  }

  /// Masters as `fix` writes them: one template (-o) or three files (--out-dir).
  static func writeMasters(_ masters: [Master], _ args: ParsedArguments) throws {
    let output = args.string("output")
    let folder = args.string("out-dir")
    guard (output == nil) != (folder == nil) else {
      throw UsageError("give -o OUT.svg or --out-dir DIR (one of them)")
    }
    var writes: [(URL, String)] = []
    if let output {
      writes = [(URL(fileURLWithPath: output), SymbolTemplate.svg(masters))]
    } else if let folder {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      writes = masters.map {
        (
          URL(fileURLWithPath: folder).appendingPathComponent("\($0.weight.rawValue).svg"),
          SymbolTemplate.svg($0)
        )
      }
    }
    for (url, _) in writes {
      try FileIdentity.refuseOverwriting(args.positional, with: url.path)
    }
    for (url, text) in writes {
      try write(text, to: url)
    }
  }
}
