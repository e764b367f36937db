import Foundation
import LumenCore

/// A job's server-sent events: `progress` as the render goes (state, progress, ETA), then one
/// of `done`, `failed` or `cancelled`, and the stream ends.
final class JobEvents: ResponseStream, @unchecked Sendable {
  private let runner: JobRunner
  private let id: String
  private let sent = Locked<(sequence: Int, ended: Bool, token: UUID?)>((-1, false, nil))

  init(runner: JobRunner, id: String) {
    self.runner = runner
    self.id = id
  }

  func next() -> Data? {
    guard let live = try? runner.snapshot(id) else { return nil }
    return sent.withLock { sent in
      if sent.ended { return nil }
      guard live.sequence > sent.sequence else { return Data() }
      sent.sequence = live.sequence
      let final = live.job.state.isFinal
      if final { sent.ended = true }
      let name = final ? live.job.state.rawValue : "progress"
      let data = JobStatus(live).json
      return Data("event: \(name)\ndata: \(String(decoding: data, as: UTF8.self))\n\n".utf8)
    }
  }

  func whenReady(_ wake: @escaping @Sendable () -> Void) {
    let token = runner.watch(id, wake)
    sent.withLock { $0.token = token }
  }

  func close() {
    if let token = sent.withLock({ $0.token }) { runner.unwatch(id, token) }
  }
}

/// A job as the API shows it.
struct JobStatus: Encodable {
  let id: String
  let document: String
  let revision: Int
  let format: String
  let state: String
  let progress: Double
  /// Seconds left, estimated from the time so far; nil before the render starts.
  let eta: Double?
  let error: String?
  let output: String?
  let created: String
  let started: String?
  let finished: String?

  init(_ live: JobRunner.Live) {
    let job = live.job
    id = job.id
    document = job.document
    revision = job.revision
    format = job.format
    state = job.state.rawValue
    progress = (live.progress * 1000).rounded() / 1000
    if job.state == .running, let started = live.started, live.progress > 0.01 {
      let elapsed = Date().timeIntervalSince(started)
      eta = (elapsed * (1 - live.progress) / live.progress * 100).rounded() / 100
    } else {
      eta = job.state.isFinal ? 0 : nil
    }
    error = job.error
    output = job.state == .done ? "/v1/jobs/\(job.id)/output" : nil
    created = job.created
    started = job.started
    finished = job.finished
  }

  var json: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)) ?? Data("{}".utf8)
  }
}
