import Foundation
import LumenAssets
import LumenCodecs
import LumenCore
import LumenEdit
import LumenFilters

/// The JSON API under `/v1` over a ``Store``: uploads, edit documents with revisions, previews
/// rendered through warm sessions, and the registries a user interface builds its controls
/// from. ``handle(_:)`` answers one request; ``HTTPServer`` only carries bytes.
public final class Service: Sendable {
  public struct Configuration: Sendable {
    /// Required as `Authorization: Bearer TOKEN` on every route but `/healthz`; nil: none.
    public var token: String?
    /// The one origin browsers may call from (CORS); nil: CORS off.
    public var corsOrigin: String?
    public var maxUploadBytes: Int
    public var maxMegapixels: Int
    /// The longest video an upload may hold, in seconds.
    public var maxVideoSeconds: Double
    /// What reads and exports videos; nil: the server takes photos only.
    public var videoWorker: VideoWorker?
    /// Jobs rendered at once (the others wait their turn).
    public var jobs: Int
    /// Jobs waiting at most; more are refused (503) until the queue shortens.
    public var maxQueuedJobs: Int
    /// Requests answered at once (the others wait their turn).
    public var requestThreads: Int
    /// What the browser editor shows and allows.
    public var editor: EditorConfiguration
    /// A folder of editor files served instead of the built-in editor's; nil: the built-in.
    public var editorFolder: URL?

    public init(
      token: String? = nil, corsOrigin: String? = nil, maxUploadBytes: Int = 200 << 20,
      maxMegapixels: Int = 100, maxVideoSeconds: Double = 600, videoWorker: VideoWorker? = nil,
      jobs: Int = 1, maxQueuedJobs: Int = 256, requestThreads: Int = 16,
      editor: EditorConfiguration = .standard, editorFolder: URL? = nil
    ) {
      self.editor = editor
      self.editorFolder = editorFolder
      self.maxQueuedJobs = maxQueuedJobs
      self.videoWorker = videoWorker
      self.maxVideoSeconds = maxVideoSeconds
      self.requestThreads = requestThreads
      self.jobs = jobs
      self.token = token
      self.corsOrigin = corsOrigin
      self.maxUploadBytes = maxUploadBytes
      self.maxMegapixels = maxMegapixels
    }
  }

  public let store: Store
  let configuration: Configuration
  let context: RenderContext
  let metrics = Metrics()
  /// The threads requests are answered on (see ``WorkerPool``).
  private let workers: WorkerPool
  /// What documents resolve their references with (see ``ServerResources``).
  let resources: EditResources
  let jobs: JobRunner
  /// Preview sessions by upload and preview size (and a video's frame), most recently used
  /// last, within ``sessionBudget``.
  let sessions = Locked<[(key: String, session: EditSession)]>([])
  /// The moment of each video frame decoded for previews, by its scratch file.
  let frameTimes = Locked<[String: Double]>([:])

  public init(store: Store, configuration: Configuration, context: RenderContext) {
    self.store = store
    self.configuration = configuration
    self.context = context
    resources = ServerResources.make(store: store)
    workers = WorkerPool(threads: configuration.requestThreads)
    jobs = JobRunner(
      store: store, context: context, resources: resources, videoWorker: configuration.videoWorker,
      limit: configuration.jobs, maxQueued: configuration.maxQueuedJobs)
  }

  /// The routes' methods and patterns (what `/openapi.json` must describe).
  public static var routeTable: [(method: String, pattern: String)] {
    routes.map { ($0.method, $0.pattern) }
  }

  /// Answers `request` through `reply` on one of the service's request threads.
  public func answer(_ request: Request, _ reply: Reply) {
    workers.async { reply.send(self.handle(request)) }
  }

  /// The answer to `request`, whatever it asks: every failure is a problem+json answer.
  public func handle(_ request: Request) -> Response {
    let start = Date()
    metrics.started()
    var route = "unmatched"
    var response = response(to: request, route: &route)
    metrics.finished(
      route: route, status: response.status, seconds: Date().timeIntervalSince(start))
    if let origin = configuration.corsOrigin, request.header("origin") == origin {
      response = response.adding("Access-Control-Allow-Origin", origin).adding("Vary", "Origin")
    }
    return response
  }

  /// The answer; `route` becomes the pattern the request matched.
  private func response(to request: Request, route matched: inout String) -> Response {
    let path = request.segments
    // A browser's preflight carries no credentials: answered before the token is asked for.
    if request.method == "OPTIONS", let origin = configuration.corsOrigin {
      return Response(
        status: 204,
        headers: [
          ("Access-Control-Allow-Origin", origin),
          ("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS"),
          ("Access-Control-Allow-Headers", "Authorization, Content-Type, If-Match"),
          ("Access-Control-Expose-Headers", "ETag, Location"),
        ])
    }
    if let file = editorFile(request) {
      matched = "/editor"
      return file
    }
    if request.path != "/healthz", let token = configuration.token,
      !Self.sameBytes(request.header("authorization") ?? "", "Bearer \(token)")
    {
      return Response.problem(401, detail: "this server requires Authorization: Bearer TOKEN")
        .adding("WWW-Authenticate", "Bearer")
    }
    if request.bodyTooLarge {
      return .problem(413, detail: "the request's body is larger than the server accepts")
    }
    var allowed: [String] = []
    for route in Self.routes {
      guard let parameters = route.match(path) else { continue }
      matched = route.pattern
      guard route.method == request.method else {
        allowed.append(route.method)
        continue
      }
      do {
        return try route.handle(self, request, parameters)
      } catch let error as RouteError {
        return error.response
      } catch {
        return .problem(500, detail: store.redacting("\(error)"))
      }
    }
    if !allowed.isEmpty {
      return Response.problem(
        405, detail: "\(request.path) answers \(allowed.joined(separator: ", "))"
      )
      .adding("Allow", allowed.joined(separator: ", "))
    }
    return .problem(404, detail: "no such route: \(request.method) \(request.path)")
  }

  /// Compares without stopping at the first difference, so timing tells nothing of a token.
  static func sameBytes(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    var difference = x.count ^ y.count
    for i in 0..<min(x.count, y.count) { difference |= Int(x[i] ^ y[i]) }
    return difference == 0
  }

  /// The routes, in the order they are tried.
  static let routes: [Route] = [
    Route(method: "GET", pattern: "/healthz") { _, _, _ in .json(["status": "ok"]) },
    Route(method: "GET", pattern: "/metrics") { service, _, _ in
      Response(
        status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")],
        body: Data(service.metrics.text(gauges: service.gauges).utf8))
    },
    Route(method: "GET", pattern: "/openapi.json") { _, _, _ in try .json(data: openAPI()) },
    Route(method: "GET", pattern: "/v1/schema") { _, _, _ in .json(data: EditDocument.jsonSchema())
    },
    Route(method: "GET", pattern: "/v1/filters") { _, _, _ in
      .json(data: try FilterRegistry.standard.json(prettyPrinted: false))
    },
    Route(method: "GET", pattern: "/v1/looks") { _, _, _ in
      .json(data: try LookLibrary.builtIn.manifest.json())
    },
    Route(method: "GET", pattern: "/v1/editor/config") { service, _, _ in
      try service.editorConfiguration()
    },
    Route(method: "GET", pattern: "/v1/assets") { service, request, _ in
      try service.assets(request)
    },
    Route(method: "GET", pattern: "/v1/assets/thumbnail") { service, request, _ in
      try service.assetThumbnail(request)
    },
    Route(method: "GET", pattern: "/v1/assets/file") { service, request, _ in
      try service.assetFile(request)
    },
    Route(method: "POST", pattern: "/v1/uploads") { service, request, _ in
      try service.createUpload(request)
    },
    Route(method: "GET", pattern: "/v1/uploads/{id}") { service, _, p in
      .json(try service.upload(p["id"]).upload)
    },
    Route(method: "DELETE", pattern: "/v1/uploads/{id}") { service, _, p in
      guard try service.store.deleteUpload(p["id"] ?? "") else { throw missing("upload", p["id"]) }
      return Response(status: 204)
    },
    Route(method: "GET", pattern: "/v1/uploads/{id}/content") { service, _, p in
      let (upload, file) = try service.upload(p["id"])
      let bytes = try RegularFile.contents(of: file.path)
      return Response(
        status: 200, headers: [("Content-Type", mediaType(upload.format))], body: bytes)
    },
    Route(method: "POST", pattern: "/v1/documents") { service, request, _ in
      let (upload, json) = try service.documentBody(request)
      let saved = try service.store.addDocument(upload: upload, json: json)
      return try service.documentResponse(saved, status: 201).adding(
        "Location", "/v1/documents/\(saved.id)")
    },
    Route(method: "GET", pattern: "/v1/documents/{id}") { service, request, p in
      let revision = try request.argument("revision").map { text throws(RouteError) in
        guard let n = Int(text), n >= 1 else {
          throw RouteError(400, "revision must be a whole number from 1", pointer: "revision")
        }
        return n
      }
      guard let saved = try service.store.document(p["id"] ?? "", revision: revision) else {
        throw missing("document", p["id"])
      }
      return try service.documentResponse(saved, status: 200)
    },
    Route(method: "PUT", pattern: "/v1/documents/{id}") { service, request, p in
      try service.replaceDocument(request, id: p["id"] ?? "")
    },
    Route(method: "GET", pattern: "/v1/documents/{id}/layers") { service, _, p in
      try service.layerBoxes(id: p["id"] ?? "")
    },
    Route(method: "GET", pattern: "/v1/documents/{id}/preview") { service, request, p in
      try service.preview(request, id: p["id"] ?? "")
    },
    Route(method: "POST", pattern: "/v1/jobs") { service, request, _ in
      try service.createJob(request)
    },
    Route(method: "GET", pattern: "/v1/jobs/{id}") { service, _, p in
      try service.jobResponse(p["id"] ?? "")
    },
    Route(method: "DELETE", pattern: "/v1/jobs/{id}") { service, _, p in
      try service.cancelJob(p["id"] ?? "")
    },
    Route(method: "GET", pattern: "/v1/jobs/{id}/events") { service, _, p in
      try service.jobEvents(p["id"] ?? "")
    },
    Route(method: "GET", pattern: "/v1/jobs/{id}/output") { service, _, p in
      try service.jobOutput(p["id"] ?? "")
    },
  ]

  /// What `/metrics` reads at each scrape besides the counters.
  var gauges: [Metrics.Gauge] {
    let (queued, running) = jobs.counts
    return [
      Metrics.Gauge(name: "lumen_jobs_queued", help: "Jobs waiting to run.", value: queued),
      Metrics.Gauge(name: "lumen_jobs_running", help: "Jobs rendering.", value: running),
      Metrics.Gauge(
        name: "lumen_preview_sessions", help: "Warm preview sessions kept.",
        value: sessions.withLock { $0.count }),
    ]
  }

  static func missing(_ kind: String, _ id: String?) -> RouteError {
    RouteError(404, "no \(kind) \(id ?? "")")
  }

  static func openAPI() throws -> Data {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
      throw RouteError(500, "the OpenAPI document is missing from the build")
    }
    return try Data(contentsOf: url)
  }

  /// The media type of a stored format: a photo's or a video container's.
  static func mediaType(_ format: String) -> String {
    switch format {
    case "jpeg": "image/jpeg"
    case "png": "image/png"
    case "webp": "image/webp"
    case "heic": "image/heic"
    default:
      MovieFormat(rawValue: format)?.mediaType ?? "application/octet-stream"
    }
  }
}
