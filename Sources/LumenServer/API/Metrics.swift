import Foundation
import LumenCore

/// Counters for `/metrics` (Prometheus' text format): requests by status, their time, renders.
final class Metrics: Sendable {
  private struct Counts {
    var requests: [Int: Int] = [:]
    var seconds = 0.0
    var renders = 0
    var inFlight = 0
  }
  private let counts = Locked(Counts())

  func started() { counts.withLock { $0.inFlight += 1 } }

  func finished(status: Int, seconds: Double) {
    counts.withLock {
      $0.inFlight -= 1
      $0.requests[status, default: 0] += 1
      $0.seconds += seconds
    }
  }

  func rendered() { counts.withLock { $0.renders += 1 } }

  func text() -> String {
    let c = counts.withLock { $0 }
    var lines = [
      "# HELP lumen_requests_total Requests answered, by status.",
      "# TYPE lumen_requests_total counter",
    ]
    for (status, n) in c.requests.sorted(by: { $0.key < $1.key }) {
      lines.append("lumen_requests_total{status=\"\(status)\"} \(n)")
    }
    let total = c.requests.values.reduce(0, +)
    lines += [
      "# HELP lumen_request_seconds Time spent answering requests.",
      "# TYPE lumen_request_seconds summary",
      "lumen_request_seconds_sum \(c.seconds)", "lumen_request_seconds_count \(total)",
      "# HELP lumen_requests_in_flight Requests being answered.",
      "# TYPE lumen_requests_in_flight gauge", "lumen_requests_in_flight \(c.inFlight)",
      "# HELP lumen_renders_total Previews rendered.", "# TYPE lumen_renders_total counter",
      "lumen_renders_total \(c.renders)",
      "# HELP process_resident_memory_bytes Resident memory.",
      "# TYPE process_resident_memory_bytes gauge",
      "process_resident_memory_bytes \(Self.residentBytes())",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
