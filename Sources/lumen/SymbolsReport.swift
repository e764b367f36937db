import Foundation
import LumenSymbols

/// What `lumen symbols check` prints: each master's paths, then the problems.
struct SymbolsReport: SymbolsOutput {
  struct MasterSummary: Encodable {
    let weight: String
    let file: String
    let width: Double
    let paths: [PathSummary]
  }

  struct PathSummary: Encodable {
    let nodes: Int
    let segments: String
    let closed: Bool
    let firstNode: [Double]
    let direction: String
    let area: Double
    let bounds: [Double]
  }

  let interpolatable: Bool
  let masters: [MasterSummary]
  let problems: [Compatibility.Problem]

  init(_ result: Compatibility) {
    interpolatable = result.isInterpolatable
    problems = result.problems
    masters = result.masters.map { master in
      let b = master.bounds
      return MasterSummary(
        weight: master.weight.rawValue, file: master.file, width: b.maxX - b.minX,
        paths: master.contours.map { path in
          let pb = path.bounds
          return PathSummary(
            nodes: path.nodes.count, segments: path.structure, closed: path.isClosed,
            firstNode: [path.start.x, path.start.y],
            direction: path.isClockwise ? "clockwise" : "counter-clockwise",
            area: abs(path.signedArea), bounds: [pb.minX, pb.minY, pb.maxX, pb.maxY])
        })
    }
  }

  /// A table: masters and paths, then the problems (red on a terminal) and the verdict.
  func table(colours: Bool) -> String {
    let paint = { (text: String, code: String) in Self.paint(text, code, colours: colours) }
    func number(_ v: Double) -> String { String(format: "%.2f", v) }
    var out = ""
    for master in masters {
      out += paint("\(master.weight)", "1") + "  \(master.file)  width \(number(master.width))\n"
      for (index, path) in master.paths.enumerated() {
        out +=
          "  path \(index)  \(path.nodes) nodes  \(path.segments)  \(path.direction)  "
          + "area \(number(path.area))  first (\(number(path.firstNode[0])), \(number(path.firstNode[1])))  "
          + "bounds \(path.bounds.map(number).joined(separator: " "))\n"
      }
    }
    for problem in problems {
      out += paint("  \(problem.master): \(problem.message)", "31") + " -> \(problem.advice)\n"
    }
    out +=
      interpolatable
      ? paint("the masters interpolate\n", "32")
      : paint("not interpolatable: \(problems.count) problems\n", "31")
    return out
  }
}

/// What `lumen symbols check FOLDER` prints: a line per symbol, then the count.
struct LibraryReport: SymbolsOutput {
  struct Entry: Encodable {
    let name: String
    let interpolatable: Bool
    let problems: Int
    /// Why the symbol could not be read, or its first problem.
    let message: String?
  }

  let interpolatable: Bool
  let symbols: [Entry]

  init(_ verdicts: [SymbolLibrary.Verdict]) {
    symbols = verdicts.map { verdict in
      switch verdict.result {
      case .success(let result):
        Entry(
          name: verdict.symbol.name, interpolatable: result.isInterpolatable,
          problems: result.problems.count, message: result.problems.first?.message)
      case .failure(let error):
        Entry(name: verdict.symbol.name, interpolatable: false, problems: 1, message: "\(error)")
      }
    }
    interpolatable = symbols.allSatisfy(\.interpolatable)
  }

  func table(colours: Bool) -> String {
    let paint = { (text: String, code: String) in Self.paint(text, code, colours: colours) }
    var out = ""
    for symbol in symbols {
      out +=
        symbol.interpolatable
        ? "  ok    \(symbol.name)\n"
        : paint("  FAIL  \(symbol.name): \(symbol.message ?? "")", "31")
          + (symbol.problems > 1 ? " (and \(symbol.problems - 1) more)" : "") + "\n"
    }
    let failing = symbols.filter { !$0.interpolatable }.count
    out +=
      failing == 0
      ? paint("all \(symbols.count) symbols interpolate\n", "32")
      : paint("\(failing) of \(symbols.count) symbols do not interpolate\n", "31")
    return out
  }
}

/// What the check's reports share: JSON with sorted keys, and colours on a terminal.
protocol SymbolsOutput: Encodable {}

extension SymbolsOutput {
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// `text` in the terminal colour `code` (31 red, 32 green, 1 bold) when `colours`.
  static func paint(_ text: String, _ code: String, colours: Bool) -> String {
    colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
