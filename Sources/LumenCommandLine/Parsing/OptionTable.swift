/// One option of a command, as its table declares it. The same value drives the parser
/// (names, whether a value follows, the value's type and range, repetition) and the generated
/// `--help` text (placeholder, default, help), so the two cannot disagree.
package struct Option: Sendable {
  /// What follows the option's name.
  package enum Kind: Sendable {
    /// No value: the option is a switch.
    case flag
    /// Any text; the command reads it further (times, filters, layouts).
    case text
    /// A file or directory path; must not be empty.
    case path
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A finite number within the range.
    case number(ClosedRange<Double>)
    /// One of the listed words.
    case choice([String])
  }

  /// The long name, written `--name`.
  package let name: String
  /// The one-letter alias, written `-x`.
  package let short: Character?
  package let kind: Kind
  /// The value's name in the help text (`OUT`, `PIXELS`).
  package let placeholder: String
  /// Whether every occurrence is kept; a second occurrence of any other option is an error.
  package let isRepeatable: Bool
  /// Whether the command refuses to run without it.
  package let isRequired: Bool
  /// The value used when the option is absent, in the option's own syntax.
  package let defaultValue: String?
  package let help: String

  /// A switch such as `--overwrite`.
  package static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
    Option(
      name: name, short: short, kind: .flag, placeholder: "", isRepeatable: false,
      isRequired: false, defaultValue: nil, help: help)
  }

  /// An option followed by a value, such as `--size PIXELS`.
  package static func value(
    _ name: String, short: Character? = nil, _ placeholder: String, _ kind: Kind,
    repeatable: Bool = false, required: Bool = false, default defaultValue: String? = nil,
    help: String
  ) -> Option {
    Option(
      name: name, short: short, kind: kind, placeholder: placeholder, isRepeatable: repeatable,
      isRequired: required, defaultValue: defaultValue, help: help)
  }

  package var takesValue: Bool {
    if case .flag = kind { return false }
    return true
  }

  /// `-o/--output` or `--size`, as messages name the option.
  package var displayName: String { short.map { "-\($0)/--\(name)" } ?? "--\(name)" }

  /// `-o OUT` or `--doc EDIT.json`: the shortest way to write it, for synopses.
  package var shortestUsage: String {
    let flag = short.map { "-\($0)" } ?? "--\(name)"
    return takesValue ? "\(flag) \(placeholder)" : flag
  }
}

/// A value checked against its option's kind.
package enum OptionValue: Sendable, Equatable {
  case text(String)
  case integer(Int)
  case number(Double)
}

extension Option.Kind {
  /// `text` read as this kind; the error names `option`, what it expects and (shortened)
  /// what it got.
  package func value(of text: String, for option: String) throws(UsageError) -> OptionValue {
    func refuse(_ expected: String) -> UsageError {
      UsageError("\(option) must be \(expected), not \(UsageError.quoted(text))")
    }
    switch self {
    case .flag:
      throw UsageError("\(option) takes no value")
    case .text:
      return .text(text)
    case .path:
      guard !text.isEmpty else { throw UsageError("\(option) needs a non-empty path") }
      return .text(text)
    case .integer(let range):
      guard let number = Int(text), range.contains(number) else {
        throw refuse("a whole number in \(range.lowerBound)...\(range.upperBound)")
      }
      return .integer(number)
    case .number(let range):
      guard let number = Double(text), number.isFinite, range.contains(number) else {
        throw refuse(
          "a number in \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))")
      }
      return .number(number)
    case .choice(let words):
      guard words.contains(text) else { throw refuse("one of \(words.joined(separator: ", "))") }
      return .text(text)
    }
  }

  /// What the help says about the range or the choices, empty when nothing is to be said.
  package var constraint: String {
    switch self {
    case .flag, .text, .path: ""
    case .integer(let range): "\(range.lowerBound)...\(range.upperBound)"
    case .number(let range): "\(Self.format(range.lowerBound))...\(Self.format(range.upperBound))"
    case .choice(let words): words.count > 4 ? "one of " + words.joined(separator: ", ") : ""
    }
  }

  /// `1` rather than `1.0`, so that ranges read as they are typed.
  package static func format(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15, let whole = Int(exactly: number) {
      return "\(whole)"
    }
    return "\(number)"
  }
}

/// The words that are not options: how many a command takes and what they are.
package struct Positionals: Sendable {
  /// The words' name in the help text (`IN`).
  package let placeholder: String
  package let count: ClosedRange<Int>
  package let help: String

  package init(placeholder: String, count: ClosedRange<Int>, help: String) {
    self.placeholder = placeholder
    self.count = count
    self.help = help
  }

  package static let none = Positionals(placeholder: "", count: 0...0, help: "")

  package static func one(_ placeholder: String, help: String) -> Positionals {
    Positionals(placeholder: placeholder, count: 1...1, help: help)
  }

  package static func oneOrMore(_ placeholder: String, help: String) -> Positionals {
    Positionals(placeholder: placeholder, count: 1...Int.max, help: help)
  }

  /// `IN`, `[IN]`, `IN...` or `[IN...]` as synopses write them.
  package var synopsis: String {
    guard count.upperBound > 0 else { return "" }
    let words = count.upperBound > 1 ? "\(placeholder)..." : placeholder
    return count.lowerBound == 0 ? "[\(words)]" : words
  }

  /// Throws unless `given` words are within `count`.
  package func check(_ given: Int, command: String) throws(UsageError) {
    guard !count.contains(given) else { return }
    if count.upperBound == 0 {
      throw UsageError("\(command) takes no arguments, only options (got \(given))")
    }
    let expected =
      switch (count.lowerBound, count.upperBound) {
      case (1, 1): "exactly one \(placeholder)"
      case (0, 1): "at most one \(placeholder)"
      case (1, Int.max): "at least one \(placeholder)"
      case (let low, Int.max): "at least \(low) \(placeholder)"
      case (let low, let high): "\(low) to \(high) \(placeholder)"
      }
    throw UsageError("\(command) needs \(expected) (got \(given))")
  }
}
