import Foundation
import LumenFilters

/// `lumen filters [--json]`: the registry with parameter metadata.
enum FiltersCommand {
  static func run(_ words: [String]) throws {
    let args = try Arguments(words, valued: [], switches: ["json"])
    let registry = FilterRegistry.standard
    if args.has("json") {
      FileHandle.standardOutput.write(try registry.json())
      print()
      return
    }
    var folder = ""
    for d in registry.descriptors {
      if d.folder.rawValue != folder {
        folder = d.folder.rawValue
        print("\n\(folder)")
      }
      let parameters = d.parameters.map { "\($0.name)=\(summary($0.kind))" }.joined(separator: " ")
      print("  \(d.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(parameters)")
    }
  }
}

/// A parameter's range and default in a few characters, e.g. `0...4 (1)`.
private func summary(_ kind: ParameterDescriptor.Kind) -> String {
  func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
  switch kind {
  case .scalar(let lo, let hi, let value, _): return "\(number(lo))...\(number(hi))(\(number(value)))"
  case .integer(let lo, let hi, let value, _): return "\(lo)...\(hi)(\(value))"
  case .vector(_, let value, _): return value.map(number).joined(separator: ",")
  case .color(let value): return value.map(number).joined(separator: ",")
  case .choice(let options, let value): return options.joined(separator: "|") + "(\(value))"
  case .boolean(let value): return "true|false(\(value))"
  }
}
