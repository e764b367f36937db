import Foundation

/// What every Lumen executable does with its words: picks the command from the table, prints
/// help or parses the words, runs it, and reports errors as one line with the exit status
/// (0 done, 1 failed, 2 usage).
package enum CommandLineTool {
  package static func main(_ root: Command, words: [String]) -> Never {
    Interruption.install()
    guard let first = words.first else {
      FileHandle.standardError.write(Data((HelpFormatter.overview(of: root) + "\n").utf8))
      exit(2)
    }
    if first == "--help" || first == "-h" || first == "help" {
      let rest = Array(words.dropFirst())
      if rest.isEmpty {
        print(HelpFormatter.overview(of: root))
      } else {
        let resolved = ResolvedCommand(root, words: rest)
        guard resolved.words.isEmpty else {
          fail(UsageError("no command \"\(rest.joined(separator: " "))\" (see `lumen help`)"))
        }
        print(HelpFormatter.help(for: resolved))
      }
      exit(0)
    }
    let resolved = ResolvedCommand(root, words: words)
    if resolved.asksForHelp
      || resolved.words.first == "help" && !resolved.command.subcommands.isEmpty
    {
      print(HelpFormatter.help(for: resolved))
      exit(0)
    }
    do {
      try run(resolved)
    } catch {
      fail(error)
    }
    exit(0)
  }

  private static func run(_ resolved: ResolvedCommand) throws {
    let command = resolved.command
    guard let run = command.run else {
      let names = command.subcommands.map(\.name).joined(separator: ", ")
      let help = "(see `\(resolved.title) --help`)"
      guard let word = resolved.words.first else {
        throw UsageError("\(resolved.name) needs a command: \(names) \(help)")
      }
      let known = resolved.name.isEmpty ? "" : " for \(resolved.name)"
      throw UsageError("unknown command \(UsageError.quoted(word))\(known): use \(names) \(help)")
    }
    try run(ParsedArguments(resolved.words, for: command, title: resolved.name))
  }

  /// One line on standard error and the status that says what went wrong (`status`, or 2
  /// for a usage error and 1 for others).
  package static func fail(_ error: any Error, status: Int32? = nil) -> Never {
    if let usage = error as? UsageError {
      FileHandle.standardError.write(Data("lumen: \(line(usage.description))\n".utf8))
      exit(status ?? 2)
    }
    FileHandle.standardError.write(Data("lumen: error: \(line(message(for: error)))\n".utf8))
    exit(status ?? 1)
  }

  /// The longest message shown: a forged file can carry megabytes in a name or a key.
  package static let messageLimit = 600

  /// `text` on one line, cut to ``messageLimit`` characters.
  package static func line(_ text: String) -> String {
    let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return flat.count <= messageLimit ? flat : "\(flat.prefix(messageLimit))…"
  }

  /// What the user reads for `error`: Lumen's own errors describe themselves; Foundation's
  /// (whose description is a dump of domain, code and user info) become "FILE: reason".
  package static func message(for error: any Error) -> String {
    let bridged = error as NSError
    guard [NSCocoaErrorDomain, NSPOSIXErrorDomain].contains(bridged.domain) else {
      return "\(error)"
    }
    let file =
      bridged.userInfo[NSFilePathErrorKey] as? String
      ?? (bridged.userInfo[NSURLErrorKey] as? URL)?.path
    let underlying = (bridged.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
    let posix = [bridged, underlying].compactMap { $0 }.first { $0.domain == NSPOSIXErrorDomain }
    let reason =
      posix.map { String(cString: strerror(Int32(truncatingIfNeeded: $0.code))) }
      ?? bridged.localizedDescription
    return file.map { "\($0): \(reason)" } ?? reason
  }
}
