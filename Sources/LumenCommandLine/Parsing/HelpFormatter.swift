/// `--help` text generated from the command tables, so that every option the parser accepts
/// is listed with its value, range and default.
package enum HelpFormatter {
  package static let width = 80
  /// Where option help starts; longer names put their help on the next line.
  package static let column = 26

  /// The help of `resolved`'s command: synopsis, summary, arguments, options, subcommands, notes.
  package static func help(for resolved: ResolvedCommand) -> String {
    let command = resolved.command
    let title = resolved.title
    var sections: [String] = []
    var synopses: [String] = []
    if command.run != nil { synopses.append(synopsis(of: command, title: title)) }
    if !command.subcommands.isEmpty { synopses.append("\(title) COMMAND ...") }
    sections.append(
      synopses.enumerated().map { ($0 == 0 ? "usage: " : "       ") + $1 }.joined(separator: "\n"))
    sections.append(wrap(command.summary, indent: 0))
    if !command.subcommands.isEmpty {
      let rows = command.subcommands.map {
        ("  " + synopsis(of: $0, title: "\(title) \($0.name)"), $0.summary)
      }
      sections.append(
        "Commands:\n" + table(rows)
          + "\nRun `\(title) COMMAND --help` for a command's arguments and options.")
    }
    if command.run != nil {
      if command.positionals.count.upperBound > 0 {
        sections.append(
          "Arguments:\n" + table([("  " + command.positionals.synopsis, command.positionals.help)]))
      }
      let options = command.options + [Command.helpOption]
      sections.append("Options:\n" + table(options.map { ("  " + left($0), right($0)) }))
    }
    if !command.notes.isEmpty { sections.append(wrap(command.notes, indent: 0)) }
    return sections.joined(separator: "\n\n")
  }

  /// `lumen help`: every runnable command by its full name, with its summary.
  package static func overview(of root: Command) -> String {
    func rows(_ command: Command, prefix: String) -> [(String, String)] {
      let name = prefix.isEmpty ? command.name : "\(prefix) \(command.name)"
      // A group is listed when it runs on its own; a command without subcommands always.
      let listed = command.run != nil || command.subcommands.isEmpty
      let own = listed ? [("  " + name, command.summary)] : []
      return own + command.subcommands.flatMap { rows($0, prefix: name) }
    }
    let commands = root.subcommands.flatMap { rows($0, prefix: "") }
    let widest = commands.map(\.0.count).max() ?? 0
    let tail = """
      Run `\(root.name) COMMAND --help` (or `\(root.name) help COMMAND`) for a command's \
      arguments and options. Options are written --name VALUE, --name=VALUE or -x VALUE; \
      `--` ends them. Exit status: 0 done, 1 failed (e.g. a file could not be read or \
      written), 2 wrong usage.
      """
    return """
      usage: \(root.name) COMMAND [ARGUMENTS] [OPTIONS] [--] [ARGUMENTS]

      \(wrap(root.summary, indent: 0))

      Commands:
      \(table(commands, column: min(widest + 2, column)))

      \(wrap(tail, indent: 0))
      """
  }

  /// `lumen render IN -o OUT [options]`: the required parts, then `[options]`.
  package static func synopsis(of command: Command, title: String) -> String {
    let required = command.options.filter(\.isRequired).map(\.shortestUsage)
    let optional = command.options.contains { !$0.isRequired } ? ["[options]"] : []
    let positional = command.positionals.synopsis
    return ([title] + (positional.isEmpty ? [] : [positional]) + required + optional)
      .joined(separator: " ")
  }

  /// `-o, --output OUT` or `    --size PIXELS`.
  private static func left(_ option: Option) -> String {
    let names = (option.short.map { "-\($0), " } ?? "    ") + "--\(option.name)"
    guard option.takesValue else { return names }
    if case .choice(let words) = option.kind, option.placeholder.isEmpty {
      return names + " " + words.joined(separator: "|")
    }
    return names + " " + option.placeholder
  }

  /// The help with what the table adds: range, default, repeatable, required.
  private static func right(_ option: Option) -> String {
    let facts = [
      option.kind.constraint.isEmpty ? nil : option.kind.constraint,
      option.defaultValue.map { "default \($0)" },
      option.isRepeatable ? "repeatable" : nil,
      option.isRequired ? "required" : nil,
    ].compactMap { $0 }
    return facts.isEmpty ? option.help : "\(option.help) (\(facts.joined(separator: "; ")))"
  }

  /// Two columns: names on the left, wrapped text from `column`.
  private static func table(_ rows: [(String, String)], column: Int = column) -> String {
    rows.map { name, text in
      let body = wrap(text, indent: column)
      let start = body.dropFirst(column)
      if name.count < column - 1 {
        return name + String(repeating: " ", count: column - name.count) + start
      }
      return name + "\n" + body
    }.joined(separator: "\n")
  }

  /// `text` wrapped at `width`, every line indented by `indent` spaces; blank lines and
  /// line breaks in `text` are kept.
  package static func wrap(_ text: String, indent: Int) -> String {
    let margin = String(repeating: " ", count: indent)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let lead = line.prefix { $0 == " " }
      var lines: [String] = []
      var current = margin + lead
      for word in line.split(separator: " ") {
        if current.count > indent + lead.count, current.count + 1 + word.count > width {
          lines.append(current)
          current = margin + lead
        }
        current += (current.count > indent + lead.count ? " " : "") + word
      }
      lines.append(current)
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }
}
