import Foundation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenFilters

extension Service {
  /// The sizes and formats a preview may be asked in.
  static let previewSizes = 16...4096
  static let previewFormats: [String: ImageFormat] = ["webp": .webp, "jpeg": .jpeg, "png": .png]

  /// `GET /v1/documents/{id}/preview?size=1280&format=webp[&time=SECONDS]`: the document's
  /// latest revision rendered through a session kept warm for its upload and size, so that a
  /// slider change re-renders only the effects. On a video, the frame at `time` (default the
  /// first) with the document as it is at that moment.
  func preview(_ request: Request, id: String) throws -> Response {
    let size =
      try request.argument("size").map { text throws(RouteError) in
        guard let n = Int(text), Self.previewSizes.contains(n) else {
          throw RouteError(
            400, "size must be a whole number of pixels in \(Self.previewSizes)", pointer: "size")
        }
        return n
      } ?? 1280
    let name = request.argument("format") ?? "webp"
    guard let format = Self.previewFormats[name] else {
      throw RouteError(
        400, "format must be one of \(Self.previewFormats.keys.sorted().joined(separator: ", "))",
        pointer: "format")
    }
    guard let saved = try store.document(id) else { throw Self.missing("document", id) }
    let (upload, file) = try upload(saved.upload)
    var document = try Self.previewed(EditDocument(json: saved.json), asking: request)
    let session: EditSession
    if upload.kind == "video" {
      let duration = upload.duration ?? 0
      let seconds =
        try request.argument("time").map { text throws(RouteError) in
          guard let t = Double(text), t.isFinite, t >= 0, t <= duration else {
            throw RouteError(400, "time must be in 0...\(duration) seconds", pointer: "time")
          }
          return t
        } ?? 0
      let frame = try previewFrame(of: upload.id, file: file, at: seconds)
      document = document.resolved(at: .seconds(frame.time), clipDuration: duration)
      session = self.session(
        for: "\(upload.id)/\(size)/\(frame.time)", file: frame.file, size: size)
    } else {
      session = self.session(for: "\(upload.id)/\(size)", file: file, size: size)
    }
    let started = Date()
    let bitmap = try session.preview(document)
    let rendered = Date()
    metrics.rendered()
    let scratch = store.scratchFile(extension: name)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try ImageFile.write(bitmap, to: scratch, format: format, options: Self.previewEncoding(format))
    let body = try RegularFile.contents(of: scratch.path)
    // Where the time went, for browsers' developer tools and bench/serve.sh (W3C Server Timing).
    let timing = [
      ("render", rendered.timeIntervalSince(started)), ("encode", -rendered.timeIntervalSinceNow),
    ]
    .map { "\($0.0);dur=\(String(format: "%.1f", $0.1 * 1000))" }.joined(separator: ", ")
    return Response(
      status: 200,
      headers: [
        ("Content-Type", Self.mediaType(format.rawValue)), ("ETag", "\"\(saved.revision)\""),
        ("Server-Timing", timing),
      ],
      body: body)
  }

  /// What an editor shows besides the document as it is: `variant=original` (no edit, for a
  /// before/after comparison), `variant=uncropped` (the whole straightened picture without
  /// layers, for drawing a crop over) and `look=ID` (the document with that look at full
  /// intensity, or `look=none` without one: a look picker's thumbnails).
  static func previewed(_ document: EditDocument, asking request: Request) throws -> EditDocument {
    var document = document
    switch request.argument("variant") ?? "edited" {
    case "edited": break
    case "original": document = EditDocument()
    case "uncropped":
      let straighten = document.crop?.straighten ?? 0
      document.crop = straighten == 0 ? nil : CropSettings(straighten: straighten)
      document.layers = []
    default:
      throw RouteError(
        400, "variant must be one of edited, original, uncropped", pointer: "variant")
    }
    if let look = request.argument("look") {
      if look == "none" {
        document.look = nil
      } else {
        guard (try? LookLibrary.builtIn.look(look)) != nil else {
          throw RouteError(400, "no look \(EchoedText.quoted(look))", pointer: "look")
        }
        document.look = LookChoice(id: look)
      }
    }
    return document
  }

  /// How previews are encoded: quality 85 where a format has one, fast rather than small.
  static func previewEncoding(_ format: ImageFormat) -> EncodeOptions {
    var options = EncodeOptions(quality: format == .png ? nil : 85)
    options.favorsSpeed = true
    return options
  }

  /// The frame of the video `upload` at `seconds`, decoded once by `lumen-video` into a
  /// lossless scratch file that a session then reads like a photo (it goes with the session).
  private func previewFrame(of upload: String, file: URL, at seconds: Double) throws
    -> (file: URL, time: Double)
  {
    let worker = try videoWorker()
    let url = store.folder.appendingPathComponent("tmp")
      .appendingPathComponent(".frame-\(upload)-\(Int((seconds * 1000).rounded())).png")
    if !RegularFile.exists(url.path) {
      do {
        let time = try worker.frame(of: file, atSeconds: seconds, to: url)
        frameTimes.withLock { $0[url.path] = time }
      } catch {
        throw RouteError(422, "the video's frame at \(seconds) s: \(error.reason)")
      }
    }
    return (url, frameTimes.withLock { $0[url.path] } ?? seconds)
  }

  /// The warm session for `key` (an upload and size, and a video's frame), made from `file`
  /// when missing. Sessions are kept, least recently used first out, while their pixels fit
  /// in a quarter of the render budget (the rest is for the renders themselves), and at most
  /// ``maxSessions`` of them.
  private func session(for key: String, file: URL, size: Int) -> EditSession {
    let (session, evicted) = sessions.withLock { kept -> (EditSession, [URL]) in
      if let index = kept.firstIndex(where: { $0.key == key }) {
        let found = kept.remove(at: index)
        kept.append(found)
        return (found.session, [])
      }
      let made = EditSession(
        contentsOf: file, previewLongSide: size, resources: resources, context: context)
      kept.append((key, made))
      var evicted: [URL] = []
      while kept.count > Self.maxSessions
        || kept.count > 1
          && kept.reduce(0, { $0 + Self.sessionBytes($1.session) }) > sessionBudget
      {
        evicted.append(kept.removeFirst().session.url)
      }
      return (made, evicted)
    }
    // A video frame's scratch file goes with its last session.
    for url in evicted where url.lastPathComponent.hasPrefix(".frame-") {
      if !sessions.withLock({ $0.contains { $0.session.url == url } }) {
        try? FileManager.default.removeItem(at: url)
        frameTimes.withLock { _ = $0.removeValue(forKey: url.path) }
      }
    }
    return session
  }

  /// Sessions kept at most, however small: each video frame's session keeps its frame's file
  /// on disk, and tiny previews at many moments must not fill it.
  static let maxSessions = 64

  /// What warm sessions may hold together.
  var sessionBudget: Int { context.memoryBudget / 4 }

  /// What a session holds at most: its preview source, its geometry stage and a render, each
  /// up to the preview size squared in RGBA.
  static func sessionBytes(_ session: EditSession) -> Int {
    session.previewLongSide * session.previewLongSide * 4 * 3
  }
}
