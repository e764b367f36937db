import Foundation
import LumenFilters

/// `lumen filters [--json]`: the registry with parameter metadata.
enum FiltersCommand {
  static let command = Command(
    name: "filters", summary: "Lists the filters with their parameters and ranges.",
    options: [.flag("json", help: "the registry as JSON, with every parameter's metadata")],
    run: run)

  /// A `--filter` value as a filter; a mistake in it is a usage error naming the text.
  static func filter(parsing text: String) throws(UsageError) -> any Filter {
    do {
      return try FilterRegistry.standard.makeFilter(parsing: text)
    } catch {
      throw UsageError("--filter \(UsageError.quoted(text)): \(error)")
    }
  }

  static func run(_ args: ParsedArguments) throws {
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
