import Foundation
import LumenCore
import LumenEdit

/// Runs the service's render jobs on Lumen's threads, at most ``limit`` at once, first come
/// first served, with their progress kept in memory (and their states in the store) for
/// status requests and event streams.
final class JobRunner: @unchecked Sendable {
  let store: Store
  let context: RenderContext
  let resources: EditResources
  let videoWorker: VideoWorker?
  /// Jobs rendered at once, and jobs waiting at most.
  let limit: Int
  let maxQueued: Int

  /// What the service knows of a job beyond its row: its progress and who watches it.
  struct Live {
    var job: Store.Job
    var progress = 0.0
    var started: Date?
    /// Grows with every change, so that a stream knows what it has sent.
    var sequence = 0
    var cancelled = false
    var watchers: [UUID: @Sendable () -> Void] = [:]
  }

  private struct State {
    var pending: [String] = []
    var running = 0
    var live: [String: Live] = [:]
  }
  private let state = Locked(State())

  init(
    store: Store, context: RenderContext, resources: EditResources, videoWorker: VideoWorker?,
    limit: Int, maxQueued: Int
  ) {
    self.videoWorker = videoWorker
    self.store = store
    self.context = context
    self.resources = resources
    self.limit = max(1, limit)
    self.maxQueued = maxQueued
  }

  /// Jobs waiting and jobs rendering now.
  var counts: (queued: Int, running: Int) {
    state.withLock { ($0.pending.count, $0.running) }
  }

  /// Queues `job`; false when the queue is full.
  func submit(_ job: Store.Job) -> Bool {
    let accepted = state.withLock { state in
      guard state.pending.count < maxQueued else { return false }
      state.pending.append(job.id)
      state.live[job.id] = Live(job: job)
      return true
    }
    if accepted { startNext() }
    return accepted
  }

  /// The job as it stands: from memory while this server knows it, else from the store.
  func snapshot(_ id: String) throws(ServerError) -> Live? {
    if let live = state.withLock({ $0.live[id] }) { return live }
    guard let job = try store.job(id) else { return nil }
    return Live(job: job, progress: job.state == .done ? 1 : 0)
  }

  /// Asks a queued or running job to stop; false when it has already ended (or is unknown).
  func cancel(_ id: String) -> Bool {
    let queued = state.withLock { state -> Bool? in
      guard var live = state.live[id], !live.job.state.isFinal, !live.cancelled else { return nil }
      live.cancelled = true
      state.live[id] = live
      guard let index = state.pending.firstIndex(of: id) else { return false }
      state.pending.remove(at: index)
      return true
    }
    guard let queued else { return false }
    if queued { finish(id, as: .cancelled, error: nil) }
    return true
  }

  /// Calls `wake` whenever the job changes, until ``unwatch(_:_:)``.
  func watch(_ id: String, _ wake: @escaping @Sendable () -> Void) -> UUID {
    let token = UUID()
    state.withLock { $0.live[id]?.watchers[token] = wake }
    return token
  }

  func unwatch(_ id: String, _ token: UUID) {
    state.withLock { _ = $0.live[id]?.watchers.removeValue(forKey: token) }
  }

  // MARK: Running

  private func startNext() {
    let next = state.withLock { state -> String? in
      guard state.running < limit, !state.pending.isEmpty else { return nil }
      state.running += 1
      return state.pending.removeFirst()
    }
    guard let id = next else { return }
    // A thread of its own: a job waits for its render's bands, which Dispatch's threads
    // compute (see WorkerPool).
    Thread {
      self.run(id)
      self.state.withLock { $0.running -= 1 }
      self.startNext()
    }.start()
    startNext()
  }

  private func run(_ id: String) {
    guard let live = state.withLock({ $0.live[id] }) else { return }
    var job = live.job
    job.state = .running
    job.started = Store.now()
    change(id) {
      $0.job = job
      $0.started = Date()
    }
    _ = try? store.update(job)
    let output = store.scratchFile(extension: job.format)
    defer { try? FileManager.default.removeItem(at: output) }
    do {
      try render(job, to: output)
      finish(id, as: .done, error: nil, output: output)
    } catch is CancellationError {
      finish(id, as: .cancelled, error: nil)
    } catch {
      finish(id, as: .failed, error: store.redacting("\(error)"))
    }
  }

  private func render(_ job: Store.Job, to output: URL) throws {
    guard let saved = try store.document(job.document, revision: job.revision) else {
      throw RouteError(404, "document \(job.document) revision \(job.revision) is gone")
    }
    guard let (_, file) = try store.upload(saved.upload) else {
      throw RouteError(404, "upload \(saved.upload) is gone")
    }
    let document = try EditDocument(json: saved.json)
    switch try JobSettings(stored: job.settings, format: job.format) {
    case .photo(let settings):
      // As `lumen edit` runs a RenderJob, with the references a document on the server may
      // make.
      let session = EditSession(
        contentsOf: file, previewLongSide: settings.previewLongSide ?? 1280,
        resources: resources, context: context)
      try session.export(
        document, to: output, atPreviewSize: settings.previewLongSide != nil,
        options: settings.encoding.options, progress: Progress(runner: self, id: job.id))
    case .video(let settings):
      try renderVideo(job.id, of: file, through: document, settings, to: output)
    }
  }

  /// Exports the video `file` through `document` by `lumen-video` (see ``VideoWorker``),
  /// following its progress, and stops it within a frame when the job is cancelled (the
  /// export removes its unfinished file).
  private func renderVideo(
    _ id: String, of file: URL, through document: EditDocument, _ settings: JobSettings.Video,
    to output: URL
  ) throws {
    guard let worker = videoWorker else {
      throw RouteError(415, "this server takes photos only (lumen-video is not installed)")
    }
    let job = try videoJobFile(settings, clip: file, document: document, output: output)
    defer { try? FileManager.default.removeItem(at: job) }
    try worker.export(
      job: job, progress: { fraction in self.change(id) { $0.progress = min(fraction, 0.999) } },
      isCancelled: { self.isCancelled(id) })
  }

  /// A job file for `lumen video --job` in the scratch folder: `clip` through `document`,
  /// whose uploads (`upload:ID`) become their stored files, the only files it may read.
  func videoJobFile(
    _ settings: JobSettings.Video, clip: URL, document: EditDocument, output: URL
  ) throws -> URL {
    let files = try document.mappingImageSources { source in
      let prefix = "upload:"
      guard source.hasPrefix(prefix) else { return source }
      guard let (_, file) = try store.upload(String(source.dropFirst(prefix.count))) else {
        throw ServerResourceError(reference: source, missing: true)
      }
      return file.path
    }
    let job = try settings.job(
      clip: clip, document: files.jsonData(), output: output, folder: store.emptyFolder,
      roots: [store.folder.appendingPathComponent("blobs")])
    let url = store.scratchFile(extension: "json")
    try AtomicOutput.write(job, to: url)
    return url
  }

  /// Records the job's end in the store, then tells its watchers.
  private func finish(_ id: String, as final: Store.Job.State, error: String?, output: URL? = nil) {
    guard var job = state.withLock({ $0.live[id]?.job }) else { return }
    job.state = final
    job.error = error
    job.finished = Store.now()
    do {
      job = try store.update(job, output: output)
    } catch {
      job.state = .failed
      job.error = "\(error)"
      _ = try? store.update(job)
    }
    change(id) {
      $0.job = job
      if final == .done { $0.progress = 1 }
    }
  }

  /// Applies `edit` to the job's live record and wakes its watchers.
  fileprivate func change(_ id: String, _ edit: (inout Live) -> Void) {
    let watchers = state.withLock { state -> [@Sendable () -> Void] in
      guard var live = state.live[id] else { return [] }
      edit(&live)
      live.sequence += 1
      state.live[id] = live
      return Array(live.watchers.values)
    }
    for wake in watchers { wake() }
  }

  fileprivate func isCancelled(_ id: String) -> Bool {
    state.withLock { $0.live[id]?.cancelled ?? false }
  }

  /// Follows a render's bands: the job's progress, and its cancellation (a band refused stops
  /// the render, and nothing is written).
  private final class Progress: RowSink {
    let runner: JobRunner
    let id: String
    var height = 1
    var reported = 0.0

    init(runner: JobRunner, id: String) {
      self.runner = runner
      self.id = id
    }

    func begin(width: Int, height: Int, format: PixelFormat) throws { self.height = max(1, height) }

    func write(_ band: RowBand) throws {
      if runner.isCancelled(id) { throw CancellationError() }
      let done = Double(band.firstRow + band.rowCount) / Double(height)
      // About a hundred updates a job, not one per band.
      guard done - reported >= 0.01 || done >= 1 else { return }
      reported = done
      runner.change(id) { $0.progress = min(done, 0.999) }
    }

    func finish() throws {}
  }
}
