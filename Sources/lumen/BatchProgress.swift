import Foundation
import LumenAutomation
import LumenCommandLine

/// What a batch shows as its jobs end: a bar with count, rate and ETA on a terminal, or one
/// JSON line a job on standard output; then a summary with every failure on standard error.
final class BatchProgress: @unchecked Sendable {
  private let total: Int
  private let drawsBar: Bool
  private let start = Date()
  private var counts: [BatchRun.Outcome.Status: Int] = [:]
  private var failures: [BatchRun.Outcome] = []

  init(total: Int, drawsBar: Bool) {
    self.total = total
    self.drawsBar = drawsBar
  }

  /// Called once a job, never at once from two threads (``BatchRun/run(report:)``).
  func report(_ outcome: BatchRun.Outcome) {
    counts[outcome.status, default: 0] += 1
    if outcome.status == .failed { failures.append(outcome) }
    let ended = counts.values.reduce(0, +)
    if drawsBar {
      FileHandle.standardError.write(Data(("\r" + bar(ended: ended)).utf8))
    } else {
      var line: [String: Any] = [
        "line": outcome.line, "status": outcome.status.rawValue,
        "seconds": (outcome.seconds * 1000).rounded() / 1000, "ended": ended, "total": total,
      ]
      line["output"] = outcome.output
      line["error"] = outcome.error
      let data =
        (try? JSONSerialization.data(
          withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
      FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
  }

  /// Prints the summary; the number of failed jobs.
  func finish() -> Int {
    if drawsBar { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    let seconds = Date().timeIntervalSince(start)
    let ended = counts.values.reduce(0, +)
    var summary = String(
      format: "batch: %d jobs in %.1f s (%.2f jobs/s): %d done, %d skipped, %d failed\n", ended,
      seconds, seconds > 0 ? Double(ended) / seconds : 0, counts[.done] ?? 0,
      counts[.skipped] ?? 0, counts[.failed] ?? 0)
    for failure in failures.sorted(by: { $0.line < $1.line }) {
      summary += "  line \(failure.line): \(failure.error ?? "failed")\n"
    }
    FileHandle.standardError.write(Data(summary.utf8))
    return failures.count
  }

  private func bar(ended: Int) -> String {
    let seconds = Date().timeIntervalSince(start)
    let rate = seconds > 0 ? Double(ended) / seconds : 0
    let left = rate > 0 ? Int((Double(total - ended) / rate).rounded()) : 0
    let filled = total > 0 ? ended * 30 / total : 30
    let failed = counts[.failed] ?? 0
    return
      "batch [\(String(repeating: "#", count: filled))\(String(repeating: ".", count: 30 - filled))] "
      + "\(ended)/\(total)  \(String(format: "%.1f", rate)) jobs/s  ETA \(left / 60):\(String(format: "%02d", left % 60))"
      + (failed > 0 ? "  \(failed) failed" : "")
  }
}
