/// The words after a subcommand, split into positional arguments and `--name value` options.
/// Small on purpose: the CLI only parses and prints; all work happens in the libraries.
struct Arguments {
  var positional: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Parses `words`; `valued` names the options that take a value, `switches` those that don't.
  init(_ words: [String], valued: Set<String>, switches: Set<String> = []) throws(UsageError) {
    var rest = words[...]
    while let word = rest.popFirst() {
      guard word.hasPrefix("-"), word != "-" else {
        positional.append(word)
        continue
      }
      let name = String(word.drop { $0 == "-" })
      if switches.contains(name) {
        flags.insert(name)
      } else if valued.contains(name) {
        guard let value = rest.popFirst() else { throw UsageError("\(word) needs a value") }
        values[name, default: []].append(value)
      } else {
        throw UsageError("unknown option \(word)")
      }
    }
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func value(_ name: String) -> String? { values[name]?.last }

  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "--\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), not \"\(text)\""
      )
    }
    return number
  }
}

/// A mistake in how the command was called (exit status 2).
struct UsageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
