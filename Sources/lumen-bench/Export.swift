import Foundation
import LumenCodecs
import LumenEdit

/// Full-resolution exports of a document with layers and of the same document without them,
/// alternately in one session (`RUNS` rounds, default 9), after one of each: what a service
/// that keeps its session warm pays for the layers, without a command's start-up (loading
/// libraries, starting SVG helpers, reading fonts), which a one-off `lumen edit` pays each time.
func benchmarkExport(photo: String, document path: String, output: String) throws {
  let layered = try EditDocument(json: Data(contentsOf: URL(fileURLWithPath: path)))
  var bare = layered
  bare.layers = []
  let session = EditSession(contentsOf: URL(fileURLWithPath: photo))
  let destination = URL(fileURLWithPath: output)
  let options = EncodeOptions(quality: 90)
  /// Wall and CPU (user + system, every thread) milliseconds of one export.
  func time(_ document: EditDocument) throws -> (wall: Double, cpu: Double) {
    let (start, cpu) = (Date(), processorTime())
    try session.export(document, to: destination, options: options, overwrite: true)
    return (Date().timeIntervalSince(start) * 1000, processorTime() - cpu)
  }
  _ = try time(layered)
  _ = try time(bare)
  var times: (layered: [(wall: Double, cpu: Double)], bare: [(wall: Double, cpu: Double)]) = (
    [], []
  )
  for _ in 0..<(Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 9) {
    times.layered.append(try time(layered))
    times.bare.append(try time(bare))
  }
  let median = { (values: [Double]) in values.sorted()[values.count / 2] }
  let (a, b) = (median(times.layered.map(\.wall)), median(times.bare.map(\.wall)))
  let (c, d) = (median(times.layered.map(\.cpu)), median(times.bare.map(\.cpu)))
  print(
    String(
      format:
        "in-process export: with layers %.1f ms (CPU %.0f ms), without %.1f ms (CPU %.0f ms), "
        + "ratio %.2f", a, c, b, d, a / b))
}

/// User and system time of the whole process so far, in milliseconds.
private func processorTime() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return (seconds(usage.ru_utime) + seconds(usage.ru_stime)) * 1000
}
