/// The words after a command's name, read against its option table.
///
/// Syntax: `--name VALUE`, `--name=VALUE`, `-x VALUE` and `-x=VALUE` for a declared one-letter
/// alias, `--flag`; `--` ends the options (every later word is positional); `-` alone is a
/// positional. A value in the next word may not begin with `--` (write `--name=--value`).
/// Options take exactly the dashes declared: `---size`, `-size` and `--o` are errors. An
/// option that is not repeatable may appear once; a second occurrence is an error rather
/// than a silent override.
package struct ParsedArguments {
  package let command: Command
  package private(set) var positional: [String] = []
  private var values: [String: [OptionValue]] = [:]

  /// Parses `words` for `command` (named `title` in errors, e.g. `video frame`), checking every
  /// value, the number of positionals and the required options.
  package init(_ words: [String], for command: Command, title: String) throws(UsageError) {
    self.command = command
    var rest = words[...]
    while let word = rest.popFirst() {
      if word == "--" {
        positional += rest
        break
      }
      guard word.hasPrefix("-"), word != "-" else {
        positional.append(word)
        continue
      }
      let (option, inline) = try Self.option(in: word, of: command, title: title)
      let written = String(word.prefix { $0 != "=" })
      let value: OptionValue
      if !option.takesValue {
        if inline != nil { throw UsageError("\(written) takes no value") }
        value = .text("")
      } else {
        guard let text = inline ?? rest.first.flatMap({ $0.hasPrefix("--") ? nil : $0 }) else {
          throw UsageError("\(written) needs a value (\(option.placeholder))")
        }
        if inline == nil { rest = rest.dropFirst() }
        value = try option.kind.value(of: text, for: written)
      }
      if !option.isRepeatable, values[option.name] != nil {
        throw UsageError("\(option.displayName) given twice")
      }
      values[option.name, default: []].append(value)
    }
    try command.positionals.check(positional.count, command: title)
    for option in command.options where option.isRequired && values[option.name] == nil {
      throw UsageError("\(title) needs \(option.shortestUsage)")
    }
  }

  /// The declared option `word` names, and the value after `=` when there is one.
  private static func option(in word: String, of command: Command, title: String)
    throws(UsageError) -> (Option, String?)
  {
    let isLong = word.hasPrefix("--")
    let body = word.dropFirst(isLong ? 2 : 1)
    let name = body.prefix { $0 != "=" }
    let inline =
      name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
    let shown = UsageError.quoted(String(word.prefix { $0 != "=" }))
    if body.hasPrefix("-") {
      throw UsageError("\(shown): options start with one or two dashes")
    }
    if let option = command.option(named: name, short: !isLong) { return (option, inline) }
    if !isLong, command.option(named: name, short: false) != nil {
      throw UsageError("unknown option \(shown) (long options take two dashes: --\(name))")
    }
    if isLong, name.count == 1, command.option(named: name, short: true) != nil {
      throw UsageError("unknown option \(shown) (one-letter options take one dash: -\(name))")
    }
    throw UsageError("unknown option \(shown) for \(title) (see `lumen \(title) --help`)")
  }

  // MARK: Reading

  /// Whether the switch or option was given (a default does not count).
  package func has(_ name: String) -> Bool { values(name) != nil }

  /// The first positional word; the parser has checked their number, so the error is a guard.
  package func firstPositional() throws(UsageError) -> String {
    guard let word = positional.first else { throw UsageError("\(command.name) needs an argument") }
    return word
  }

  /// A required option's text; the parser has checked it is there, so the error is a guard.
  package func required(_ name: String) throws(UsageError) -> String {
    guard let text = string(name) else { throw UsageError("\(command.name) needs --\(name)") }
    return text
  }

  /// The text of a text, path or choice option, or its default.
  package func string(_ name: String) -> String? {
    guard case .text(let text) = values(name)?.last ?? defaultValue(name) else { return nil }
    return text
  }

  /// Every value of a repeatable option, in the order given.
  package func strings(_ name: String) -> [String] {
    (values(name) ?? []).compactMap {
      guard case .text(let text) = $0 else { return nil }
      return text
    }
  }

  /// A whole-number option's value, or its default.
  package func integer(_ name: String) -> Int? {
    guard case .integer(let number) = values(name)?.last ?? defaultValue(name) else { return nil }
    return number
  }

  /// A number option's value, or its default.
  package func number(_ name: String) -> Double? {
    guard case .number(let number) = values(name)?.last ?? defaultValue(name) else { return nil }
    return number
  }

  private func values(_ name: String) -> [OptionValue]? {
    assert(command.option(named: name[...], short: false) != nil, "--\(name) is not declared")
    return values[name]
  }

  /// The declared default read as the option's kind (the tables' defaults are checked by the
  /// help tests, which show them).
  private func defaultValue(_ name: String) -> OptionValue? {
    guard let option = command.option(named: name[...], short: false),
      let text = option.defaultValue
    else { return nil }
    return try? option.kind.value(of: text, for: "--\(name)")
  }
}
