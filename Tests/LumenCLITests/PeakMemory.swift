import Foundation
import LumenTestSupport

/// Runs `lumen` under GNU time (`/usr/bin/time -v`, Debian's `time` package) to read its peak
/// resident memory: the measure of the memory limits' tests.
enum PeakMemory {
  static let time = "/usr/bin/time"
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: time) }

  /// The command's result and its peak resident set in MB.
  static func run(_ arguments: String...) throws -> (result: CLI.Result, megabytes: Int) {
    let run = try Program.run(time, ["-v", CLI.executable.path] + arguments, in: CLI.packageRoot)
    let line = run.errors.split(separator: "\n").first { $0.contains("Maximum resident set size") }
    let kilobytes = line.flatMap {
      Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }
    let errors = run.errors.components(separatedBy: "\tCommand being timed").first ?? run.errors
    return (
      CLI.Result(status: run.status, output: run.text, errors: errors), (kilobytes ?? 0) / 1024
    )
  }
}
