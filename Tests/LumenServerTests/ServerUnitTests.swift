import Foundation
import LumenCore
import Testing

@testable import LumenServer

@Suite struct ServerUnitTests {
  /// FIPS 180-4's examples, and Python's hashlib on a million bytes.
  @Test func sha256MatchesTheStandardsVectors() throws {
    #expect(
      SHA256.hex(of: Data())
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(of: Data("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hex(of: Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func listenAddressesAreParsedAndLoopbackIsKnown() throws {
    let v4 = try ListenAddress(parsing: "127.0.0.1:8080")
    #expect(v4.host == "127.0.0.1" && v4.port == 8080 && v4.isLoopback)
    #expect(try ListenAddress(parsing: "[::1]:0").isLoopback)
    #expect(try ListenAddress(parsing: "localhost:9").isLoopback)
    #expect(try !ListenAddress(parsing: "0.0.0.0:80").isLoopback)
    #expect(try !ListenAddress(parsing: "[::]:80").isLoopback)
    #expect(try !ListenAddress(parsing: "127.0.0.1.evil:80").isLoopback)
    for bad in ["8080", "127.0.0.1:", "127.0.0.1:65536", ":80", "127.0.0.1:-1", "a:b"] {
      #expect(throws: ServerError.self) { try ListenAddress(parsing: bad) }
    }
  }

  @Test func onlyIdentifiersReachTheStore() {
    #expect(Store.isID(String(repeating: "a", count: 32)))
    for bad in [
      "../etc/passwd", "", String(repeating: "A", count: 32), String(repeating: "a", count: 33),
    ] {
      #expect(!Store.isID(bad))
    }
  }

  /// Every route is described by `/openapi.json`, and the document describes no other.
  @Test func theOpenAPIDocumentDescribesExactlyTheRoutes() throws {
    let object = try JSONSerialization.jsonObject(with: Service.openAPI()) as? [String: Any]
    #expect(object?["openapi"] as? String == "3.1.0")
    let paths = object?["paths"] as? [String: [String: Any]] ?? [:]
    let methods = ["get", "put", "post", "delete", "patch", "head", "options"]
    let described = Set(
      paths.flatMap { path, item in
        item.keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" }
      })
    let routed = Set(Service.routeTable.map { "\($0.method) \($0.pattern)" })
    #expect(described == routed)
  }

  /// The answers no live server gives in the other tests: a video to a server without
  /// lumen-video (415), a job beyond a full queue (503); both problems that say why.
  @Test func withoutAVideoWorkerOrRoomForJobsTheServiceSaysSo() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = Service(
      store: try Store(folder: folder), configuration: Service.Configuration(maxQueuedJobs: 0),
      context: RenderContext(threadCount: 1))
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")
    func json(_ response: Response) -> [String: Any] {
      guard case .bytes(let data) = response.body else { return [:] }
      return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
    let clip = service.handle(
      Request(
        method: "POST", path: "/v1/uploads",
        body: try Data(contentsOf: samples.appendingPathComponent("demo/coffee-clip.mp4"))))
    #expect(clip.status == 415)
    #expect((json(clip)["detail"] as? String)?.contains("photos only") == true)
    let photo = service.handle(
      Request(
        method: "POST", path: "/v1/uploads",
        body: try Data(contentsOf: samples.appendingPathComponent("coffee.jpg"))))
    let upload = json(photo)["id"] as? String ?? ""
    let document = service.handle(
      Request(
        method: "POST", path: "/v1/documents",
        body: Data(
          #"{"upload": "\#(upload)", "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4}}"#
            .utf8)))
    let id = json(document)["id"] as? String ?? ""
    let job = service.handle(
      Request(method: "POST", path: "/v1/jobs", body: Data(#"{"document": "\#(id)"}"#.utf8)))
    #expect(job.status == 503)
    #expect((json(job)["detail"] as? String)?.contains("try again later") == true)
  }

  @Test func documentsKeepEveryRevisionAndRefuseStaleWrites() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store(folder: folder)
    let first = try store.addDocument(upload: "p", json: Data("{\"a\":1}".utf8))
    #expect(first.revision == 1)
    let second = try store.replaceDocument(
      first.id, upload: "p", json: Data("{\"a\":2}".utf8), expected: 1)
    #expect((try? second.get())?.revision == 2)
    let stale = try store.replaceDocument(
      first.id, upload: "p", json: Data("{\"a\":3}".utf8), expected: 1)
    guard case .failure(.conflict(current: 2)) = stale else {
      Issue.record("a write over revision 1 went through: \(stale)")
      return
    }
    #expect(try store.document(first.id)?.json == Data("{\"a\":2}".utf8))
    #expect(try store.document(first.id, revision: 1)?.json == Data("{\"a\":1}".utf8))
    #expect(try store.document(first.id, revision: 3) == nil)
    // Reopened, the store has the same.
    let reopened = try Store(folder: folder)
    #expect(try reopened.document(first.id)?.revision == 2)
  }

  /// A data folder of the previous layout (2: uploads without frame rates) is brought up to
  /// date, its rows kept; one of a layout this build does not know is refused, untouched.
  @Test func olderDataFoldersAreMigratedAndUnknownOnesRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let id = String(repeating: "a", count: 32)
    do {
      let old = try Database(path: folder.appendingPathComponent("lumen.sqlite").path)
      try old.execute(
        """
        CREATE TABLE uploads (id TEXT PRIMARY KEY, blob TEXT NOT NULL,
          kind TEXT NOT NULL, format TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
          duration REAL, bytes INTEGER NOT NULL, created TEXT NOT NULL)
        """)
      try old.execute(
        "INSERT INTO uploads VALUES (?, 'b', 'video', 'mp4', 480, 320, 2.0, 9, 'then')",
        [.text(id)])
      try old.execute("PRAGMA user_version = 2")
    }
    let store = try Store(folder: folder)
    let upload = try #require(try store.upload(id)).upload
    #expect(upload.width == 480 && upload.duration == 2 && upload.frameRate == nil)
    let added = try store.addUpload(
      Data([1, 2, 3]), kind: "video", format: "mp4", width: 2, height: 2, duration: 1,
      frameRate: 25)
    #expect(try store.upload(added.id)?.upload.frameRate == 25)

    let future = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: future) }
    try FileManager.default.createDirectory(at: future, withIntermediateDirectories: true)
    do {
      let newer = try Database(path: future.appendingPathComponent("lumen.sqlite").path)
      try newer.execute("CREATE TABLE uploads (id TEXT)")
      try newer.execute("PRAGMA user_version = 7")
    }
    #expect {
      try Store(folder: future)
    } throws: { error in
      "\(error)".contains("layout 7")
    }
  }
}
