import Foundation
import LumenCommandLine
import LumenEdit
import LumenFilters

/// `lumen filters [--json]`: the registry with parameter metadata.
enum FiltersCommand {
  static let command = Command(
    name: "filters", summary: "Lists the filters with their parameters and ranges.",
    options: [.flag("json", help: "the registry as JSON, with every parameter's metadata")],
    notes: names, run: run)

  /// What each name means, from the adjustments' and the registry's own tables: the words
  /// the edit document uses are not filter names with another scale.
  static var names: String {
    let sliders = Adjustments.fields.map { "\($0.name)=\($0.descriptor.summary)" }
    let shared = Adjustments.fields.map(\.name).filter { FilterRegistry.standard[$0] != nil }
    let renamed = FilterRegistry.renamed.sorted { $0.key < $1.key }.map {
      "\($0.value.now) (not \($0.key))"
    }
    return """
      One meaning per name. The edit document's sliders, on PhotoEditor SDK's scales \
      (0 leaves the image unchanged; in documents and with `render --adjust`): \
      \(sliders.joined(separator: ", ")). Filters on Core Image's scales (contrast and \
      saturation 1 = unchanged, gamma as an exponent, crops in pixels) have names of their \
      own: \(renamed.joined(separator: ", ")). Filters that share a slider's name \
      (\(shared.joined(separator: ", "))) do exactly what the slider does.
      """
  }

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
    print("\n\(HelpFormatter.wrap(names, indent: 0))")
  }
}
