import Foundation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenJobs

extension Service {
  /// `POST /v1/jobs`: `{"document": ID, "revision": N, "format": F, ...settings}` (all but the
  /// document optional): a render of that revision (the latest by default), queued, and
  /// answered at once with the job. A document on a photo renders a photo (`jpeg`, `png`,
  /// `webp`, `heic`; ``JobSettings/Photo``), one on a video a movie (`mp4`, `mov`, `mkv`,
  /// `webm`; ``JobSettings/Video``).
  func createJob(_ request: Request) throws -> Response {
    guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
    else { throw RouteError(400, "the body must be a JSON object") }
    guard let id = object["document"] as? String else {
      throw RouteError(422, "document: the id of a document is required", pointer: "document")
    }
    let revision = try Self.wholeNumber(object["revision"], "revision", in: 1...Int(Int32.max))
    guard let saved = try store.document(id, revision: revision) else {
      throw Self.missing("document", id)
    }
    let (upload, _) = try self.upload(saved.upload)
    let formats = upload.kind == "video" ? JobSettings.videoFormats : JobSettings.photoFormats
    let format = object["format"] as? String ?? formats[0]
    guard object["format"] == nil || object["format"] is String, formats.contains(format) else {
      throw RouteError(
        422, "format: a \(upload.kind) job writes \(formats.joined(separator: ", "))",
        pointer: "format")
    }
    var rest = object
    for key in ["document", "revision", "format"] { rest[key] = nil }
    let settings: JobSettings
    do {
      settings = try JobSettings(
        kind: upload.kind, format: format, json: JSONSerialization.data(withJSONObject: rest))
    } catch {
      throw RouteError(refusing: error)
    }
    if case .video(let video) = settings {
      try checkVideoJob(video, on: saved, format: format)
    }
    let job = try store.addJob(
      document: id, revision: saved.revision, format: format, settings: settings.json)
    guard jobs.submit(job) else {
      // Recorded as failed, so that the row never waits for a render that will not come.
      var refused = job
      refused.state = .failed
      refused.error = "refused: the queue was full"
      _ = try store.update(refused)
      throw RouteError(503, "\(jobs.maxQueued) jobs are waiting already: try again later")
    }
    return try jobResponse(job.id, status: 202).adding("Location", "/v1/jobs/\(job.id)")
  }

  /// Refuses now, with the field, what `lumen-video` would refuse when the job runs.
  private func checkVideoJob(
    _ settings: JobSettings.Video, on saved: Store.Document, format: String
  ) throws {
    let worker = try videoWorker()
    let (_, clip) = try upload(saved.upload)
    let job = try jobs.videoJobFile(
      settings, clip: clip, document: EditDocument(json: saved.json),
      output: store.scratchFile(extension: format))
    defer { try? FileManager.default.removeItem(at: job) }
    do {
      try worker.check(job: job)
    } catch {
      // The job file's clip and its trim are the body's `trim`.
      let pointer = error.path.map { $0.hasPrefix("clips[0].") ? String($0.dropFirst(9)) : $0 }
      let known = pointer.flatMap { $0.split(separator: ".").first.map(String.init) }
      guard let pointer, let known, JobSettings.Video.keys.contains(known) else {
        throw RouteError(422, error.reason)
      }
      let reason = error.reason.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? ""
      throw RouteError(422, "\(pointer): \(reason)", pointer: pointer)
    }
  }

  func jobResponse(_ id: String, status: Int = 200) throws -> Response {
    guard let live = try jobs.snapshot(id) else { throw Self.missing("job", id) }
    return .json(data: JobStatus(live).json, status: status)
  }

  func cancelJob(_ id: String) throws -> Response {
    guard try jobs.snapshot(id) != nil else { throw Self.missing("job", id) }
    guard jobs.cancel(id) else { throw RouteError(409, "the job has ended already") }
    return try jobResponse(id, status: 202)
  }

  func jobEvents(_ id: String) throws -> Response {
    guard try jobs.snapshot(id) != nil else { throw Self.missing("job", id) }
    return Response(
      status: 200,
      headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")],
      stream: JobEvents(runner: jobs, id: id))
  }

  func jobOutput(_ id: String) throws -> Response {
    guard let live = try jobs.snapshot(id) else { throw Self.missing("job", id) }
    guard live.job.state == .done, let blob = live.job.output else {
      throw RouteError(409, "the job is \(live.job.state.rawValue): no output")
    }
    let bytes = try RegularFile.contents(of: store.file(of: blob).path)
    return Response(
      status: 200,
      headers: [
        ("Content-Type", Self.mediaType(live.job.format)),
        ("Content-Disposition", "attachment; filename=\"\(id).\(live.job.format)\""),
      ], body: bytes)
  }

  /// A whole number of a JSON body in `range`, or nil when absent.
  static func wholeNumber(_ value: Any?, _ key: String, in range: ClosedRange<Int>) throws
    -> Int?
  {
    guard let value else { return nil }
    // JSON booleans arrive as NSNumbers of C type `char`, which no JSON number produces.
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
      let double = Double(exactly: number.doubleValue), double.rounded() == double,
      double >= Double(range.lowerBound), double <= Double(range.upperBound)
    else { throw RouteError(422, "\(key) must be a whole number in \(range)", pointer: key) }
    return Int(double)
  }
}
