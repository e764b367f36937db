import Foundation

/// The video commands live in their own executable, `lumen-video`, installed beside `lumen`:
/// FFmpeg's libraries (over a hundred shared objects with their dependencies) then load only
/// when a video command runs, and every photo command starts without them. `lumen video ...`
/// replaces the `lumen` process with `lumen-video video ...`, so signals, exit status and
/// output are the helper's own.
package enum VideoTool {
  /// The word that selects the video commands.
  package static let name = "video"
  package static let summary = "Joins, trims, edits and encodes movies (export)."
  /// The helper's file name, looked up in the folder of the running executable.
  package static let executableName = "lumen-video"

  /// The subcommands' names and summaries, declared here so that `lumen --help` lists them
  /// without loading the helper.
  package static let info = Listing(
    name: "info", summary: "What movies hold: container, duration, streams, colour.")
  package static let frame = Listing(
    name: "frame", summary: "The exact frame at a moment, upright, optionally edited.")
  package static let thumbs = Listing(
    name: "thumbs", summary: "A strip of evenly spaced frames side by side.")

  package struct Listing: Sendable {
    package let name: String
    package let summary: String
  }

  /// The entry in `lumen`'s command list; `lumen` hands its words to the helper before
  /// parsing them (``isAsked(by:)``), so the entry only lists the commands.
  package static let placeholder = Command(
    name: name, summary: summary,
    subcommands: [info, frame, thumbs].map { Command(name: $0.name, summary: $0.summary) },
    run: { _ in try launch([name]) })

  /// Whether `words` (after `lumen`) run a video command or ask for its help.
  package static func isAsked(by words: [String]) -> Bool {
    let helpWords: Set = ["help", "--help", "-h"]
    return words.first == name
      || words.count >= 2 && helpWords.contains(words[0])
        && words[1] == name
  }

  /// Runs `lumen-video` with `words` in place of this process; returns only by throwing.
  package static func launch(_ words: [String]) throws -> Never {
    let path = try executable().path
    let arguments = [path] + words
    let cArguments = arguments.map { strdup($0) } + [nil]
    execv(path, cArguments)
    let reason = String(cString: strerror(errno))
    throw CommandFailure("\(path): cannot run the video commands (\(reason))")
  }

  /// `lumen-video` beside the running executable (links followed), which must exist.
  package static func executable() throws -> URL {
    let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let helper = running.deletingLastPathComponent().appendingPathComponent(executableName)
    guard FileManager.default.isExecutableFile(atPath: helper.path) else {
      throw CommandFailure(
        "\(helper.path): missing; the video commands need \(executableName) installed beside "
          + running.lastPathComponent)
    }
    return helper
  }
}
