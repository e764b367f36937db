import Foundation
import LumenCommandLine
import LumenCore
import LumenSymbols

/// `lumen symbols`: variable symbols' masters read, compared, fixed, drawn and exported.
enum SymbolsCommand {
  /// Where fix and generate write the masters (see ``writeMasters(_:_:)``).
  static let mastersOutput: [Option] = [
    .value(
      "output", short: "o", "OUT.svg", .path,
      help: "the symbol template to write (Ultralight-S, Regular-S, Black-S groups)"),
    .value(
      "out-dir", "DIR", .path,
      help: "writes Ultralight.svg, Regular.svg and Black.svg there instead"),
  ]

  /// What every symbols command reads.
  static let masterFiles = Positionals(
    placeholder: "FILES", count: 1...3,
    help: "three masters (Ultralight, Regular, Black) or one symbol template")

  static let command = Command(
    name: "symbols",
    summary:
      "Variable symbols: check, fix, generate, interpolate, render, preview and export masters.",
    subcommands: [
      Command(
        name: "check",
        summary: "Compares the masters' paths: order, nodes, segments, start, direction.",
        positionals: Positionals(
          placeholder: "FILES", count: 1...3,
          help:
            "three masters (Ultralight, Regular, Black), one symbol template, or a library folder"),
        options: [.flag("json", help: "prints JSON instead of a table")],
        notes: """
          A folder is a library: every symbol template (*.svg) in it and every folder in it \
          holding Ultralight.svg, Regular.svg and Black.svg is checked, on every core, one line \
          each. Otherwise each master's paths are listed (nodes, segment types, first node, direction by \
          signed area, bounds), then every difference from Regular with its master, path, \
          node and place, and what to do about it. Reads path data with every command (arcs \
          as cubics), rect, circle, ellipse, line, polyline, polygon, and group and element \
          transforms. Status 0: the masters interpolate; 1: they do not; 2: an input cannot \
          be read.
          """,
        run: check),
      Command(
        name: "fix", summary: "Makes the masters interpolate where it can, and writes them.",
        positionals: masterFiles,
        options: mastersOutput,
        notes: """
          Reorders paths to match Regular's (by centroid, size and bounds), reverses those \
          running the other way, starts each at the node matching Regular's first, and makes a \
          line a curve (handles on it) where another master has a curve there; each fix is \
          listed. Different path counts, node counts or open and closed paths are reported \
          with status 1 and nothing is written. Outputs are written whole or not at all, never \
          over an input.
          """,
        run: fix),
      Command(
        name: "interpolate", summary: "Draws the symbol at a weight between its masters.",
        positionals: masterFiles,
        options: [
          .value(
            "weight", "W", .number(Interpolation.weights), required: true,
            help: "0 Ultralight, 0.5 Regular, 1 Black; between, each point moves in a line"),
          .value("output", short: "o", "OUT.svg", .path, required: true, help: "the SVG to write"),
        ],
        notes: "The masters must interpolate (see check and fix).",
        run: interpolate),
      generate, render, preview, export,
    ])

  /// The masters in the command's files; an unreadable input ends the command with status 2.
  static func masters(_ args: ParsedArguments) -> [Master] {
    do {
      return try Master.read(args.positional.map { URL(fileURLWithPath: $0) })
    } catch {
      CommandLineTool.fail(CommandFailure("\(error)"), status: 2)
    }
  }

  static func check(_ args: ParsedArguments) throws {
    var isFolder: ObjCBool = false
    if args.positional.count == 1,
      FileManager.default.fileExists(atPath: args.positional[0], isDirectory: &isFolder),
      isFolder.boolValue
    {
      return try checkLibrary(args)
    }
    let result = Compatibility(masters: masters(args))
    if args.has("json") {
      print(try SymbolsReport(result).json())
    } else {
      print(SymbolsReport(result).table(colours: isatty(STDOUT_FILENO) != 0), terminator: "")
    }
    if !result.isInterpolatable { exit(1) }
  }

  /// `check FOLDER`: every symbol in a library, one line each; status 2 when the folder
  /// cannot be listed.
  static func checkLibrary(_ args: ParsedArguments) throws {
    let library: SymbolLibrary
    do {
      library = try SymbolLibrary(folder: URL(fileURLWithPath: args.positional[0]))
    } catch {
      CommandLineTool.fail(CommandFailure("\(error)"), status: 2)
    }
    let report = LibraryReport(library.check())
    if args.has("json") {
      print(try report.json())
    } else {
      print(report.table(colours: isatty(STDOUT_FILENO) != 0), terminator: "")
    }
    if !report.interpolatable { exit(1) }
  }

  static func fix(_ args: ParsedArguments) throws {
    guard args.has("output") != args.has("out-dir") else {
      throw UsageError("fix needs -o OUT.svg or --out-dir DIR (one of them)")
    }
    let fixed = Fixer(masters: masters(args))
    for line in fixed.fixes { print(line) }
    guard fixed.unfixable.isEmpty else {
      for problem in fixed.unfixable {
        FileHandle.standardError.write(Data("lumen: cannot fix: \(problem.message)\n".utf8))
      }
      throw CommandFailure("the masters cannot be made to interpolate; nothing was written")
    }
    try writeMasters(fixed.masters, args)
    if fixed.fixes.isEmpty { print("nothing to fix: the masters interpolate") }
  }

  static func interpolate(_ args: ParsedArguments) throws {
    let output = try outputURL(args)
    let drawn: Master
    do {
      drawn = try Interpolation.master(at: args.number("weight") ?? 0.5, of: masters(args))
    } catch {
      throw CommandFailure("\(error)")
    }
    try write(SymbolTemplate.svg(drawn), to: output)
  }

  /// The command's `-o`, which must not be one of its inputs.
  static func outputURL(_ args: ParsedArguments) throws -> URL {
    let output = URL(fileURLWithPath: try args.required("output"))
    try FileIdentity.refuseOverwriting(args.positional, with: output.path)
    return output
  }

  /// Writes `text` whole or not at all, and says so.
  static func write(_ text: String, to output: URL) throws {
    try AtomicOutput.write(Data(text.utf8), to: output)
    print("wrote \(output.path)")
  }
}
