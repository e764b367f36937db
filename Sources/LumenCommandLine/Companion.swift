import Foundation

/// Commands that live in an executable of their own installed beside `lumen`, so that their
/// libraries load only when they run: `lumen video ...` runs `lumen-video` (FFmpeg's hundred
/// shared objects), `lumen serve` runs `lumen-server` (libmicrohttpd, SQLite, FFmpeg). `lumen`
/// replaces its process with the companion's, given the same words, so signals, exit status
/// and output are the companion's own.
package struct Companion: Sendable {
  /// The word after `lumen` that selects the commands.
  package let word: String
  package let summary: String
  /// The executable's file name, looked up in the folder of the running executable.
  package let executableName: String
  /// Its subcommands' names and summaries, declared here so that `lumen --help` lists them
  /// without loading the companion.
  package let listings: [Listing]

  package struct Listing: Sendable {
    package let name: String
    package let summary: String

    package init(name: String, summary: String) {
      self.name = name
      self.summary = summary
    }
  }

  package init(word: String, summary: String, executableName: String, listings: [Listing] = []) {
    self.word = word
    self.summary = summary
    self.executableName = executableName
    self.listings = listings
  }

  /// The entry in `lumen`'s command list; `lumen` hands its words to the companion before
  /// parsing them (``isAsked(by:)``), so the entry only lists the commands.
  package var placeholder: Command {
    let companion = self
    return Command(
      name: word, summary: summary,
      subcommands: listings.map { Command(name: $0.name, summary: $0.summary) },
      run: { _ in try companion.launch([companion.word]) })
  }

  /// Whether `words` (after `lumen`) run one of these commands or ask for their help.
  package func isAsked(by words: [String]) -> Bool {
    let helpWords: Set = ["help", "--help", "-h"]
    return words.first == word
      || words.count >= 2 && helpWords.contains(words[0]) && words[1] == word
  }

  /// Runs the companion with `words` in place of this process; returns only by throwing.
  package func launch(_ words: [String]) throws -> Never {
    let path = try executable().path
    let arguments = [path] + words
    let cArguments = arguments.map { strdup($0) } + [nil]
    execv(path, cArguments)
    let reason = String(cString: strerror(errno))
    throw CommandFailure("\(path): cannot run `lumen \(word)` (\(reason))")
  }

  /// The companion beside the running executable (links followed), which must exist.
  package func executable() throws -> URL {
    let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let helper = running.deletingLastPathComponent().appendingPathComponent(executableName)
    guard FileManager.default.isExecutableFile(atPath: helper.path) else {
      throw CommandFailure(
        "\(helper.path): missing; `lumen \(word)` needs \(executableName) installed beside "
          + running.lastPathComponent)
    }
    return helper
  }
}
