import Foundation
import LumenCore

/// What `/metrics` reports in Prometheus' text format: requests by route and status with a
/// latency histogram per route, previews rendered, and the gauges the service reads at scrape
/// time (jobs queued and running, warm sessions, resident memory).
final class Metrics: Sendable {
  /// The histogram's upper bounds in seconds: a warm preview lands in the first few, an
  /// export's upload or a cold session in the last.
  static let buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

  private struct Route {
    var byStatus: [Int: Int] = [:]
    /// Requests at or under each bound of ``Metrics/buckets`` (not cumulative until printed).
    var histogram = [Int](repeating: 0, count: Metrics.buckets.count)
    var count = 0
    var seconds = 0.0
  }

  private struct Counts {
    var routes: [String: Route] = [:]
    var renders = 0
    var inFlight = 0
  }
  private let counts = Locked(Counts())

  func started() { counts.withLock { $0.inFlight += 1 } }

  /// One request answered: `route` is the pattern it matched (`/v1/documents/{id}`), so that
  /// ids never become labels.
  func finished(route: String, status: Int, seconds: Double) {
    let bucket = Self.buckets.firstIndex { seconds <= $0 }
    counts.withLock {
      $0.inFlight -= 1
      var entry = $0.routes[route, default: Route()]
      entry.byStatus[status, default: 0] += 1
      if let bucket { entry.histogram[bucket] += 1 }
      entry.count += 1
      entry.seconds += seconds
      $0.routes[route] = entry
    }
  }

  func rendered() { counts.withLock { $0.renders += 1 } }

  /// A value read when scraped.
  struct Gauge {
    let name: String
    let help: String
    let value: Int
  }

  func text(gauges: [Gauge]) -> String {
    let c = counts.withLock { $0 }
    let routes = c.routes.sorted { $0.key < $1.key }
    var lines = [
      "# HELP lumen_requests_total Requests answered, by route and status.",
      "# TYPE lumen_requests_total counter",
    ]
    for (route, entry) in routes {
      for (status, n) in entry.byStatus.sorted(by: { $0.key < $1.key }) {
        lines.append("lumen_requests_total{route=\"\(route)\",status=\"\(status)\"} \(n)")
      }
    }
    lines += [
      "# HELP lumen_request_duration_seconds Time to answer a request, by route.",
      "# TYPE lumen_request_duration_seconds histogram",
    ]
    for (route, entry) in routes {
      var cumulative = 0
      for (bound, n) in zip(Self.buckets, entry.histogram) {
        cumulative += n
        lines.append(
          "lumen_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)")
      }
      lines += [
        "lumen_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(entry.count)",
        "lumen_request_duration_seconds_sum{route=\"\(route)\"} \(entry.seconds)",
        "lumen_request_duration_seconds_count{route=\"\(route)\"} \(entry.count)",
      ]
    }
    lines += [
      "# HELP lumen_requests_in_flight Requests being answered.",
      "# TYPE lumen_requests_in_flight gauge", "lumen_requests_in_flight \(c.inFlight)",
      "# HELP lumen_renders_total Previews rendered.", "# TYPE lumen_renders_total counter",
      "lumen_renders_total \(c.renders)",
    ]
    for gauge in gauges + [Self.residentMemory] {
      lines += [
        "# HELP \(gauge.name) \(gauge.help)", "# TYPE \(gauge.name) gauge",
        "\(gauge.name) \(gauge.value)",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static var residentMemory: Gauge {
    var bytes = 0
    if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    {
      bytes = pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
    return Gauge(name: "process_resident_memory_bytes", help: "Resident memory.", value: bytes)
  }
}
