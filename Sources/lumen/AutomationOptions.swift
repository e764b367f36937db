import Foundation
import LumenAutomation
import LumenCommandLine

/// How batches and workers run their jobs: how many at once, with how many threads each.
enum AutomationOptions {
  static let options: [Option] = [
    .value(
      "concurrency", "K", .integer(1...256), help: "jobs run at once (default 1)"),
    .value(
      "threads", "N", .integer(1...256),
      help: "threads each photo job renders with (default: every core over K)"),
  ]

  static func concurrency(_ args: ParsedArguments) -> Int { args.integer("concurrency") ?? 1 }

  static func runner(_ args: ParsedArguments) -> JobRunner {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return JobRunner(
      threads: args.integer("threads") ?? max(1, cores / concurrency(args)),
      videoExecutable: try? VideoTool.companion.executable())
  }
}
