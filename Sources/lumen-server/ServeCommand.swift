import Dispatch
import Foundation
import LumenCommandLine
import LumenCore
import LumenServer

/// `lumen serve [--listen 127.0.0.1:8080] [--data DIR] [--token T] ...`: the HTTP service until
/// SIGINT or SIGTERM, which stop taking connections and let the requests in progress finish.
enum ServeCommand {
  static let command = Command(
    name: ServeTool.companion.word, summary: ServeTool.companion.summary,
    options: [
      .value(
        "listen", "HOST:PORT", .text, default: "127.0.0.1:8080",
        help: "where to listen (port 0: any free one); other than loopback needs --token"),
      .value("data", "DIR", .path, default: "./lumen-data", help: "the store: SQLite and files"),
      .value("token", "TOKEN", .text, help: "required as Authorization: Bearer TOKEN"),
      .value("threads", "N", .integer(1...256), help: "render threads (default: the processors)"),
      .value(
        "http-threads", "N", .integer(1...256), default: "4", help: "threads polling connections"),
      .value("memory", "MB", .integer(64...1_048_576), help: "the render memory budget"),
      .value("cors", "ORIGIN", .text, help: "the one origin browsers may call from"),
      .value("jobs", "N", .integer(1...64), default: "1", help: "export jobs rendered at once"),
      .value(
        "max-upload", "MB", .integer(1...16_384), default: "200", help: "the largest upload"),
      .value(
        "max-megapixels", "MP", .integer(1...1_000), default: "100",
        help: "the most pixels an uploaded photo or video frame may have"),
      .value(
        "max-duration", "SECONDS", .integer(1...86_400), default: "600",
        help: "the longest video an upload may hold"),
      .value(
        "idle-timeout", "SECONDS", .integer(1...3_600), default: "30",
        help: "close a connection silent this long"),
      .value(
        "request-timeout", "SECONDS", .integer(1...86_400), default: "300",
        help: "drop a request whose body takes longer to arrive"),
      .value(
        "config", "FILE", .path,
        help: "the browser editor's configuration (JSON; GET /v1/editor/config answers it)"),
      .value(
        "editor", "DIR", .path, help: "serve the editor's files from DIR instead of the built-in"),
    ],
    notes: """
      The browser editor is at / (its files under /editor/). The API is described at \
      /openapi.json. Without --token the service only listens on \
      loopback addresses (127.0.0.1, ::1). SIGINT or SIGTERM stop taking connections, let the \
      requests in progress finish (up to 30 seconds) and exit. Videos are read and exported \
      by lumen-video processes (installed beside lumen); without it the service takes photos \
      only.
      """,
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let listen = try ListenAddress(parsing: args.string("listen") ?? "127.0.0.1:8080")
    let token = args.string("token")
    if let token, token.isEmpty { throw UsageError("--token: must not be empty") }
    guard listen.isLoopback || token != nil else {
      throw CommandFailure(ServerError.unsafeListener(listen.description).description)
    }
    let threads = args.integer("threads") ?? ProcessInfo.processInfo.activeProcessorCount
    let context = RenderContext(
      threadCount: threads,
      memoryBudget: args.integer("memory").map { $0 << 20 } ?? RenderContext.defaultMemoryBudget)
    let store = try Store(folder: URL(fileURLWithPath: args.string("data") ?? "./lumen-data"))
    let maxUpload = (args.integer("max-upload") ?? 200) << 20
    let editor = try args.string("config").map(readEditorConfiguration) ?? .standard
    let editorFolder = try args.string("editor").map { path in
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else { throw UsageError("--editor: \(path) is not a folder") }
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    let service = Service(
      store: store,
      configuration: Service.Configuration(
        token: token, corsOrigin: args.string("cors"), maxUploadBytes: maxUpload,
        maxMegapixels: args.integer("max-megapixels") ?? 100,
        maxVideoSeconds: Double(args.integer("max-duration") ?? 600),
        // lumen-video beside this executable does the video work; without it, photos only.
        videoWorker: (try? VideoTool.companion.executable()).map(VideoWorker.init),
        jobs: args.integer("jobs") ?? 1, editor: editor, editorFolder: editorFolder),
      context: context)
    let server = try HTTPServer(
      HTTPServer.Settings(
        address: listen.host, port: listen.port, threads: args.integer("http-threads") ?? 4,
        maxBodyBytes: maxUpload, idleSeconds: args.integer("idle-timeout") ?? 30,
        requestSeconds: args.integer("request-timeout") ?? 300)
    ) { request, reply in
      // Answered on the service's threads: the connection sleeps meanwhile, holding no poller.
      service.answer(request, reply)
    }
    let shown = ListenAddress(host: listen.host, port: server.port)
    // Written at once (not buffered): a script that started the service waits for this line.
    FileHandle.standardOutput.write(
      Data("lumen serve: listening on http://\(shown) (data \(store.folder.path))\n".utf8))
    let stopped = DispatchSemaphore(value: 0)
    Interruption.wait(
      for: stopped, grace: 31, outcome: "stopped taking requests and finished those in progress"
    ) {
      server.stop(graceSeconds: 30)
      stopped.signal()
    }
  }

  /// The configuration in `path`, or one line saying what is wrong with it and where.
  static func readEditorConfiguration(_ path: String) throws -> EditorConfiguration {
    do {
      let data = try RegularFile.contents(of: path, limit: EditorConfiguration.maxJSONBytes)
      return try EditorConfiguration(json: data)
    } catch {
      throw CommandFailure("--config \(path): \(error)")
    }
  }
}
