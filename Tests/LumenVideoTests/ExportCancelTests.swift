import Foundation
import LumenCore
import LumenEdit
import LumenTestSupport
import LumenVideo
import Testing

/// Cancelling a running export from another thread, as the CLI's Ctrl-C does: the task's
/// cancel returns at once and the loop ends within a second, leaving no file.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ExportCancelTests {
  typealias Support = ExportSupport

  @Test func cancellingARunningExportEndsWithinASecondAndLeavesNoFile() async throws {
    var document = ExportTests.graded
    document.adjustments.clarity = 0.5
    let long = try Support.movie("long.mp4", seconds: 10, tone: nil)
    for attempt in 1...3 {
      let directory = try Scratch.directory()
      let export = VideoExport(
        composition: VideoComposition(long), document: document,
        settings: VideoEncodeSettings(rateControl: .crf(23), preset: "veryfast"),
        output: directory.appendingPathComponent("cancelled.mp4"))
      let events = try export.start()
      let ended = Locked<ContinuousClock.Instant?>(nil)
      let task = Task {
        var finished = false
        for try await event in events {
          if case .finished = event { finished = true }
        }
        ended.withLock { $0 = ContinuousClock.now }
        return finished
      }
      try await Task.sleep(for: .milliseconds(500))
      let cancelled = ContinuousClock.now
      // From a thread of its own: before the fix, cancel() itself never returned.
      Thread.detachNewThread { task.cancel() }
      while ended.withLock({ $0 }) == nil, cancelled.duration(to: .now) < .seconds(3) {
        try await Task.sleep(for: .milliseconds(20))
      }
      let end = try #require(ended.withLock { $0 }, "attempt \(attempt): still running after 3 s")
      #expect(cancelled.duration(to: end) < .seconds(1), "attempt \(attempt)")
      let finished = try await task.value
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(left == (finished ? ["cancelled.mp4"] : []), "attempt \(attempt) left \(left)")
    }
  }
}
