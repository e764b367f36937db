import LumenCore

/// A command or a group of subcommands, declared as a value next to its run function; the
/// parser, the dispatch and the help all read the same declaration.
package struct Command: Sendable {
  /// The word that selects it (`render`, `identity`).
  package let name: String
  /// One line for the command lists.
  package let summary: String
  package var positionals: Positionals = .none
  package var options: [Option] = []
  /// Paragraphs for `--help` after the options, made when the help is shown: some are drawn
  /// from tables (the filter registry, the look library) that a command may never need.
  package var notes: String { makeNotes() }
  private let makeNotes: @Sendable () -> String
  /// Commands selected by the next word.
  package var subcommands: [Command] = []
  /// The work, given the parsed words; nil for a group that needs a subcommand. A group with
  /// a run function runs it when the next word names no subcommand (`lumen video IN...`).
  package var run: (@Sendable (ParsedArguments) throws -> Void)?

  package init(
    name: String, summary: String, positionals: Positionals = .none, options: [Option] = [],
    notes: @autoclosure @escaping @Sendable () -> String = "", subcommands: [Command] = [],
    run: (@Sendable (ParsedArguments) throws -> Void)? = nil
  ) {
    self.name = name
    self.summary = summary
    self.positionals = positionals
    self.options = options
    self.makeNotes = notes
    self.subcommands = subcommands
    self.run = run
  }

  /// `-h/--help` is accepted by every command; listed in the help, handled before parsing.
  package static let helpOption = Option.flag("help", short: "h", help: "print this help and exit")

  /// The declared option written as `word` (`--size`, `-o`), without any `=value`.
  package func option(named word: Substring, short: Bool) -> Option? {
    options.first { short ? $0.short.map { String($0) } == String(word) : $0.name == word }
  }

  package func subcommand(named word: String) -> Command? {
    subcommands.first { $0.name == word }
  }
}

/// A command chosen from the words, with the words after its name.
package struct ResolvedCommand {
  /// From the top: `[lumen, video, frame]`.
  package let path: [Command]
  package let words: [String]

  package var command: Command { path[path.count - 1] }
  /// `lumen video frame`.
  package var title: String { path.map(\.name).joined(separator: " ") }
  /// `video frame`, as error messages name it after `lumen: `.
  package var name: String { path.dropFirst().map(\.name).joined(separator: " ") }

  /// Follows `words` down `root`'s subcommands as far as they name one.
  package init(_ root: Command, words: [String]) {
    var path = [root]
    var rest = words[...]
    while let word = rest.first, let next = path[path.count - 1].subcommand(named: word) {
      path.append(next)
      rest = rest.dropFirst()
    }
    self.path = path
    self.words = Array(rest)
  }

  /// Whether `-h` or `--help` comes before any `--`.
  package var asksForHelp: Bool {
    for word in words {
      if word == "--" { return false }
      if word == "--help" || word == "-h" { return true }
    }
    return false
  }
}

/// A mistake in how the command was called: exit status 2.
package struct UsageError: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }

  /// `text` in quotes with escapes, cut (with its length) so that a pasted file cannot flood
  /// the terminal: the one rule for echoed text, ``EchoedText``.
  package static func quoted(_ text: String) -> String { EchoedText.quoted(text) }
}

/// A command that was called correctly but could not do its work (a file that cannot be read
/// or would be overwritten): exit status 1.
package struct CommandFailure: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}
