import Foundation
import LumenCore
import LumenEdit
import LumenTestSupport
import LumenVideo
import Testing

/// Cancelling a running export from another thread, as the CLI's Ctrl-C does: the task's
/// cancel returns at once, the unfinished file is gone within a second, and the loop ends.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ExportCancelTests {
  typealias Support = ExportSupport

  /// When, after the cancel began, it returned and the directory was empty again; measured
  /// on a thread of its own, so that a test runner starving its task pool cannot skew them.
  struct Timeline: Sendable {
    var cancelReturned: Duration?
    var fileGone: Duration?
  }

  @Test func cancellingARunningExportStopsWithinASecondAndLeavesNoFile() async throws {
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
      let ended = Locked(false)
      let task = Task {
        var finished = false
        for try await event in events {
          if case .finished = event { finished = true }
        }
        ended.withLock { $0 = true }
        return finished
      }
      try await Task.sleep(for: .milliseconds(500))
      let timeline = Locked(Timeline())
      // Before the fix, cancel() itself never returned: the stop handler waited, under the
      // task's status lock, for the encoding thread, which needed that lock.
      Thread.detachNewThread {
        let started = ContinuousClock.now
        task.cancel()
        timeline.withLock { $0.cancelReturned = started.duration(to: .now) }
        while started.duration(to: .now) < .seconds(10) {
          if (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty
            == true
          {
            timeline.withLock { $0.fileGone = started.duration(to: .now) }
            return
          }
          usleep(2_000)
        }
      }
      let waited = ContinuousClock.now
      while !ended.withLock({ $0 }), waited.duration(to: .now) < .seconds(20) {
        try await Task.sleep(for: .milliseconds(20))
      }
      try #require(ended.withLock { $0 }, "attempt \(attempt): the loop never ended")
      let finished = try await task.value
      let measured = timeline.withLock { $0 }
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      if finished {
        // A starved runner may read the events only once the export has finished: the
        // finished movie is then rightly kept.
        #expect(left == ["cancelled.mp4"], "attempt \(attempt)")
        continue
      }
      #expect(left.isEmpty, "attempt \(attempt) left \(left)")
      #expect(measured.cancelReturned.map { $0 < .milliseconds(500) } == true, "\(measured)")
      #expect(measured.fileGone.map { $0 < .seconds(1) } == true, "\(measured)")
    }
  }
}
