import Foundation
import LumenEdit

/// Times `session`'s preview of `document` once (`first` names what that includes), then of
/// `edit(run)` for 25 runs (`RUNS` in the environment) and prints their median as `change`;
/// `VERBOSE` prints every time.
func timeRerenders(
  of session: EditSession, _ document: EditDocument, first: String, change: String,
  edit: (Int) -> EditDocument
) throws {
  let start = Date()
  _ = try session.preview(document)
  print(
    String(format: "first preview (%@): %.1f ms", first, Date().timeIntervalSince(start) * 1000))
  var times: [Double] = []
  for run in 0..<(Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 25) {
    let edited = edit(run)
    let t0 = Date()
    let bitmap = try session.preview(edited)
    let time = Date().timeIntervalSince(t0) * 1000
    times.append(time)
    if ProcessInfo.processInfo.environment["VERBOSE"] != nil { print(String(format: "%.1f", time)) }
    if run == 0 { print("preview size: \(bitmap.width)x\(bitmap.height)") }
  }
  times.sort()
  print(
    String(
      format: "%@ re-render: median %.1f ms (min %.1f, max %.1f, %d runs)", change,
      times[times.count / 2], times[0], times[times.count - 1], times.count))
}
