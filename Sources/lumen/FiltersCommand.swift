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
      let parameters = d.parameters.map { "\($0.name)=\($0.summary)" }.joined(separator: " ")
      print("  \(d.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(parameters)")
    }
  }
}
