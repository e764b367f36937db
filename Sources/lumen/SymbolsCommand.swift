import Foundation
import LumenCommandLine
import LumenSymbols

/// `lumen symbols check`: variable symbols' masters, read and compared.
enum SymbolsCommand {
  static let command = Command(
    name: "symbols",
    summary: "Variable symbols: check that three masters interpolate, and say where not.",
    subcommands: [
      Command(
        name: "check",
        summary: "Compares the masters' paths: order, nodes, segments, start, direction.",
        positionals: Positionals(
          placeholder: "FILES", count: 1...3,
          help: "three masters (Ultralight, Regular, Black) or one symbol template"),
        options: [.flag("json", help: "prints JSON instead of a table")],
        notes: """
          Each master's paths are listed (nodes, segment types, first node, direction by \
          signed area, bounds), then every difference from Regular with its master, path, \
          node and place, and what to do about it. Reads path data with every command (arcs \
          as cubics), rect, circle, ellipse, line, polyline, polygon, and group and element \
          transforms. Status 0: the masters interpolate; 1: they do not; 2: an input cannot \
          be read.
          """,
        run: check)
    ])

  static func check(_ args: ParsedArguments) throws {
    let files = args.positional.map { URL(fileURLWithPath: $0) }
    let masters: [Master]
    do {
      masters = try Master.read(files)
    } catch {
      CommandLineTool.fail(CommandFailure("\(error)"), status: 2)
    }
    let result = Compatibility(masters: masters)
    if args.has("json") {
      print(try SymbolsReport(result).json())
    } else {
      print(SymbolsReport(result).table(colours: isatty(STDOUT_FILENO) != 0), terminator: "")
    }
    if !result.isInterpolatable { exit(1) }
  }
}
