import Foundation
import LumenCodecs
import LumenCore
import LumenJobs

extension Service {
  /// The output formats a job may ask for.
  static let jobFormats = ["jpeg", "png", "webp", "heic"]

  /// `POST /v1/jobs`: `{"document": ID, "revision": N, "format": "jpeg", "encoding": {...},
  /// "previewLongSide": N}` (all but the document optional): a render of that revision (the
  /// latest by default) at full size, queued; answered at once with the job.
  func createJob(_ request: Request) throws -> Response {
    guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
    else { throw RouteError(400, "the body must be a JSON object") }
    let known: Set = ["document", "revision", "format", "encoding", "previewLongSide"]
    if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw RouteError(422, "unknown key \(unknown)", pointer: unknown)
    }
    guard let id = object["document"] as? String else {
      throw RouteError(422, "document: the id of a document is required", pointer: "document")
    }
    let revision = try Self.wholeNumber(object["revision"], "revision", in: 1...Int(Int32.max))
    guard let saved = try store.document(id, revision: revision) else {
      throw Self.missing("document", id)
    }
    let format = object["format"] as? String ?? "jpeg"
    guard object["format"] == nil || object["format"] is String, Self.jobFormats.contains(format)
    else {
      throw RouteError(
        422, "format must be one of \(Self.jobFormats.joined(separator: ", "))", pointer: "format")
    }
    let preview = try Self.wholeNumber(
      object["previewLongSide"], "previewLongSide", in: RenderJob.previewRange)
    let encodingJSON = try JSONSerialization.data(withJSONObject: object["encoding"] ?? [:])
    let encoding: PhotoEncoding
    do {
      encoding = try JSONDecoder().decode(PhotoEncoding.self, from: encodingJSON)
    } catch {
      throw RouteError(422, "encoding: \(error)", pointer: "encoding")
    }
    // A setting the format does not take is refused now, not when the job runs.
    if let setting = encoding.options.requestedSettings.first(where: {
      !$0.formats.contains(ImageFormat(rawValue: format) ?? .jpeg)
    }) {
      throw RouteError(422, "encoding: \(setting) does not apply to \(format)", pointer: "encoding")
    }
    let job = try store.addJob(
      document: id, revision: saved.revision, format: format,
      encoding: String(decoding: encodingJSON, as: UTF8.self), previewLongSide: preview)
    guard jobs.submit(job) else {
      throw RouteError(503, "\(jobs.maxQueued) jobs are waiting already: try again later")
    }
    return try jobResponse(job.id, status: 202).adding("Location", "/v1/jobs/\(job.id)")
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
