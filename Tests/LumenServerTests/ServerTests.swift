import Foundation
import Glibc
import LumenTestSupport
import Testing

/// The service as its users meet it: a real `lumen serve` on a loopback port, spoken to over
/// HTTP (URLSession, libcurl underneath).
@Suite(.serialized) struct ServerTests {
  nonisolated(unsafe) static let document: [String: Any] = [
    "formatIdentifier": "org.lumen.edit", "formatVersion": 4,
    "operations": ["adjustments": ["contrast": 0.2]],
  ]

  @Test func uploadsAreStoredSniffedAndServedBack() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(
      data: folder.appendingPathComponent("data"), ["--max-upload", "1"])
    #expect(try server.request("GET", "/healthz").status == 200)
    let bytes = try Data(contentsOf: PackagePaths.sample("coffee"))
    let created = try server.request("POST", "/v1/uploads", body: bytes)
    #expect(created.status == 201)
    let id = created.json["id"] as? String ?? ""
    #expect(created.header("Location") == "/v1/uploads/\(id)")
    let info = try server.request("GET", "/v1/uploads/\(id)").json
    #expect(info["format"] as? String == "jpeg")
    #expect(info["kind"] as? String == "photo")
    #expect((info["width"] as? Int ?? 0) > 0)
    let content = try server.request("GET", "/v1/uploads/\(id)/content")
    #expect(content.body == bytes)
    #expect(content.header("Content-Type") == "image/jpeg")
    // Named .jpg or not, a text is not a photo; nothing, or more than the limit, is refused.
    #expect(try server.request("POST", "/v1/uploads", body: Data("hello".utf8)).status == 415)
    #expect(try server.request("POST", "/v1/uploads", body: Data()).status == 400)
    let large = try server.request("POST", "/v1/uploads", body: Data(count: 2 << 20))
    #expect(large.status == 413)
    #expect(large.header("Content-Type") == "application/problem+json")
    // Not an id: never looked up, let alone opened.
    #expect(try server.request("GET", "/v1/uploads/..%2F..%2Fetc%2Fpasswd").status == 404)
    #expect(try server.request("DELETE", "/v1/uploads/\(id)").status == 204)
    #expect(try server.request("GET", "/v1/uploads/\(id)").status == 404)
    #expect(try server.request("GET", "/v1/uploads/\(id)/content").status == 404)
    #expect(try server.request("PATCH", "/v1/uploads/\(id)").status == 405)
    // A forged length is refused before anything is read or allocated (past the limit of
    // 1 MB by more than the 8 MB read and dropped).
    for length in ["99999999999999999999", "18446744073709551615", "-1", "1e9", "9437185"] {
      let answer = try server.raw(
        "POST /v1/uploads HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\nabc")
      #expect(
        answer.hasPrefix("HTTP/1.1 413") || answer.hasPrefix("HTTP/1.1 400"),
        "\(length): \(answer.prefix(60))")
    }
    #expect(server.stop() == 128 + SIGTERM)
  }

  /// A body a little over the limit is read and dropped before its 413: a client that sends
  /// its body after the headers (libcurl does once "100 Continue" is a second late) must read
  /// the answer, not meet a connection reset as it writes.
  @Test func aBodyALittleOverTheLimitIsReadBeforeItsRefusal() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(
      data: folder.appendingPathComponent("data"), ["--max-upload", "1"])
    let socket = try server.connection()
    defer { close(socket) }
    let piece = String(repeating: "x", count: 64 << 10)
    let body = 2 << 20
    #expect(
      server.send(
        "POST /v1/uploads HTTP/1.1\r\nHost: x\r\nContent-Length: \(body)\r\n\r\n", on: socket))
    // Long enough for a server that answers at once to have closed the connection.
    usleep(300_000)
    var sent = 0
    while sent < body, server.send(piece, on: socket) { sent += piece.utf8.count }
    #expect(sent == body)
    #expect(server.receive(on: socket).hasPrefix("HTTP/1.1 413"))
    // At the bound (1 MB + 8 MB) the body is awaited, not answered unread; SIGTERM with such
    // an upload half sent still ends the server at once.
    let bound = try server.connection(timeout: 1)
    defer { close(bound) }
    #expect(
      server.send(
        "POST /v1/uploads HTTP/1.1\r\nHost: x\r\nContent-Length: \(9 << 20)\r\n\r\n\(piece)",
        on: bound))
    #expect(server.receive(on: bound) == "")
    let stopping = Date()
    #expect(server.stop() == 128 + SIGTERM)
    #expect(Date().timeIntervalSince(stopping) < 5)
  }

  @Test func documentsHaveRevisionsAndConcurrentWritersCannotOverwriteEachOther() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let photo = try server.upload()
    let created = try server.json(
      "POST", "/v1/documents", ["upload": photo, "document": Self.document])
    #expect(created.status == 201)
    #expect(created.header("ETag") == "\"1\"")
    let id = created.json["id"] as? String ?? ""
    var edited = Self.document
    edited["operations"] = ["adjustments": ["contrast": 0.5]]
    // Without If-Match, a write is refused; with a stale one too.
    #expect(
      try server.json("PUT", "/v1/documents/\(id)", ["upload": photo, "document": edited]).status
        == 428)
    // Eight editors that all read revision 1 save at once: one wins, the others are told.
    let statuses = LockedBox<[Int]>()
    statuses.value = []
    DispatchQueue.concurrentPerform(iterations: 8) { n in
      var mine = Self.document
      mine["operations"] = ["adjustments": ["contrast": Double(n) / 10]]
      let status =
        (try? server.json(
          "PUT", "/v1/documents/\(id)", ["upload": photo, "document": mine],
          headers: ["If-Match": "\"1\""]))?.status ?? 0
      statuses.update { $0?.append(status) }
    }
    #expect(statuses.value?.sorted() == [200] + Array(repeating: 412, count: 7))
    let latest = try server.request("GET", "/v1/documents/\(id)")
    #expect(latest.header("ETag") == "\"2\"")
    #expect(latest.json["revision"] as? Int == 2)
    let first = try server.request("GET", "/v1/documents/\(id)?revision=1").json
    let firstDocument = first["document"] as? [String: Any]
    let adjustments =
      (firstDocument?["operations"] as? [String: Any])?["adjustments"] as? [String: Any]
    #expect(adjustments?["contrast"] as? Double == 0.2)
    #expect(try server.request("GET", "/v1/documents/\(id)?revision=3").status == 404)
    #expect(try server.request("GET", "/v1/documents/\(id)?revision=0").status == 400)
    // A revision without "upload" edits the same upload; a null one is refused.
    let third = try server.json(
      "PUT", "/v1/documents/\(id)", ["document": edited], headers: ["If-Match": "\"2\""])
    #expect(third.status == 200 && third.json["upload"] as? String == photo)
    #expect(
      try server.json(
        "PUT", "/v1/documents/\(id)", ["upload": NSNull(), "document": edited],
        headers: ["If-Match": "\"3\""]
      ).status == 422)
    server.stop()
  }

  @Test func badDocumentsAreRefusedWithTheirFieldsPath() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let photo = try server.upload()
    var bad = Self.document
    bad["operations"] = ["adjustments": ["contrast": 5]]
    let reply = try server.json("POST", "/v1/documents", ["upload": photo, "document": bad])
    #expect(reply.status == 422)
    #expect(reply.json["pointer"] as? String == "document.operations.adjustments.contrast")
    // A document may not read the server's files, by any path.
    for source in ["/etc/passwd", "../../etc/passwd", "lumen.sqlite", "blobs"] {
      var reading = Self.document
      reading["layers"] = [["id": "a", "kind": "image", "source": source]]
      let refused = try server.json(
        "POST", "/v1/documents", ["upload": photo, "document": reading])
      #expect(refused.status == 422, "\(source)")
    }
    #expect(try server.json("POST", "/v1/documents", ["upload": photo]).status == 422)
    #expect(
      try server.json(
        "POST", "/v1/documents",
        ["upload": String(repeating: "0", count: 32), "document": Self.document]
      ).status == 404)
    #expect(
      try server.json(
        "POST", "/v1/documents", ["upload": photo, "document": Self.document, "x": 1]
      )
      .status == 422)
    #expect(try server.request("POST", "/v1/documents", body: Data("{".utf8)).status == 400)
    #expect(try server.request("POST", "/v1/documents", body: Data("[1e999]".utf8)).status == 400)
    server.stop()
  }

  @Test func previewsRenderTheLatestRevision() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let photo = try server.upload()
    let id = try server.createDocument(photo, Self.document)
    for (format, magic) in [("webp", "RIFF"), ("jpeg", "\u{FF}\u{D8}"), ("png", "\u{89}PNG")] {
      let preview = try server.request(
        "GET", "/v1/documents/\(id)/preview?size=320&format=\(format)")
      #expect(preview.status == 200)
      #expect(
        preview.body.prefix(magic.unicodeScalars.count)
          == Data(magic.unicodeScalars.map { UInt8($0.value) }))
      let file = folder.appendingPathComponent("preview.\(format)")
      try preview.body.write(to: file)
      let info =
        try JSONSerialization.jsonObject(
          with: Program.output(of: ServerProcess.executable.path, ["info", "--json", file.path]))
        as? [String: Any]
      #expect(max(info?["width"] as? Int ?? 0, info?["height"] as? Int ?? 0) == 320)
    }
    #expect(try server.request("GET", "/v1/documents/\(id)/preview?size=99999").status == 400)
    #expect(try server.request("GET", "/v1/documents/\(id)/preview?format=gif").status == 400)
    #expect(try server.request("GET", "/v1/documents/\(id)/preview?size=nan").status == 400)
    // No scratch file stays behind.
    let scratch = try FileManager.default.contentsOfDirectory(
      atPath: server.data.appendingPathComponent("tmp").path)
    #expect(scratch.isEmpty)
    server.stop()
  }

  @Test func aTokenGuardsEveryRouteButHealthAndOtherAddressesNeedOne() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(
      data: folder.appendingPathComponent("data"), ["--token", "s3cret"])
    #expect(try server.request("GET", "/healthz").status == 200)
    let refused = try server.request("GET", "/v1/filters")
    #expect(refused.status == 401)
    #expect(refused.header("WWW-Authenticate") == "Bearer")
    #expect(
      try server.request("GET", "/v1/filters", headers: ["Authorization": "Bearer wrong"]).status
        == 401)
    #expect(
      try server.request("GET", "/v1/filters", headers: ["Authorization": "Bearer s3cret"]).status
        == 200)
    server.stop()
    let open = try Program.run(
      ServerProcess.executable.path,
      ["serve", "--listen", "0.0.0.0:0", "--data", folder.appendingPathComponent("other").path])
    #expect(open.status != 0)
    #expect(open.errors.contains("without --token"))
  }

  /// `--config`: a configuration is served as read; a bad one, a folder or a device stops the
  /// server before it listens, with one line naming the file and where the mistake is.
  @Test func theEditorsConfigurationComesFromAFileOrStopsTheServer() throws {
    let folder = try Scratch.directory()
    let profile = PackagePaths.samples.appendingPathComponent("editor/profile-picture.json")
    let server = try ServerProcess(
      data: folder.appendingPathComponent("data"), ["--config", profile.path])
    let config = try server.request("GET", "/v1/editor/config").json
    let transform = (config["tools"] as? [String: Any])?["transform"] as? [String: Any]
    #expect(transform?["forcedAspect"] as? String == "1:1")
    server.stop()
    let fifo = folder.appendingPathComponent("config.fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let bad = folder.appendingPathComponent("bad.json")
    try Data(#"{"tools": {"adjust": {"sliders": [{"name": "contrast", "maximum": 7}]}}}"#.utf8)
      .write(to: bad)
    for (file, words) in [
      (bad.path, "tools.adjust.sliders[0].maximum"), (folder.path, "not a regular file"),
      ("/dev/zero", "not a regular file"), (fifo.path, "not a regular file"),
      (folder.appendingPathComponent("none").path, "none"),
    ] {
      let run = try Program.run(
        ServerProcess.executable.path,
        [
          "serve", "--listen", "127.0.0.1:0", "--data", folder.appendingPathComponent("d").path,
          "--config", file,
        ])
      let lines = run.errors.split(separator: "\n")
      #expect(run.status == 1 && lines.count == 1 && run.errors.contains(words), "\(run.errors)")
    }
  }

  /// Documents may lay an upload over the photo (`upload:ID`) and name built-in assets; the
  /// assets are listed with thumbnails the service serves.
  @Test func documentsNameUploadsAndAssetsListed() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let photo = try server.upload()
    let sticker = try server.upload("chelsea")
    var layered = Self.document
    layered["layers"] = [
      [
        "id": "cat", "kind": "image", "source": "upload:\(sticker)",
        "transform": ["x": 0.3, "y": 0.3, "width": 0.3],
      ],
      [
        "id": "sun", "kind": "image", "source": "asset:lumen.sticker/nature/sun",
        "transform": ["x": 0.7, "y": 0.7, "width": 0.2],
      ],
    ]
    let created = try server.json("POST", "/v1/documents", ["upload": photo, "document": layered])
    #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
    let id = created.json["id"] as? String ?? ""
    #expect(try server.request("GET", "/v1/documents/\(id)/preview?size=300").status == 200)
    var missing = Self.document
    missing["layers"] = [
      ["id": "x", "kind": "image", "source": "upload:\(String(repeating: "0", count: 32))"]
    ]
    #expect(
      try server.json("POST", "/v1/documents", ["upload": photo, "document": missing]).status == 422
    )
    var look = Self.document
    look["operations"] = ["look": ["id": "../../../etc/passwd"]]
    #expect(
      try server.json("POST", "/v1/documents", ["upload": photo, "document": look]).status == 422)
    let stickers =
      try JSONSerialization.jsonObject(
        with: server.request("GET", "/v1/assets?source=lumen.sticker").body) as? [[String: Any]]
      ?? []
    #expect(stickers.count >= 40)
    #expect(stickers.allSatisfy { $0["uri"] == nil })
    let thumb = stickers.first?["thumbUri"] as? String ?? ""
    let image = try server.request("GET", thumb)
    #expect(image.status == 200 && image.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(try server.request("GET", "/v1/assets?source=nope").status == 404)
    #expect(
      try server.request("GET", "/v1/assets/thumbnail?reference=asset:lumen.sticker/../../x").status
        == 404)
    server.stop()
  }

  @Test func corsIsOffUnlessAnOriginIsGiven() throws {
    let folder = try Scratch.directory()
    let closed = try ServerProcess(data: folder.appendingPathComponent("a"))
    let plain = try closed.request("GET", "/v1/looks", headers: ["Origin": "https://app.example"])
    #expect(plain.header("Access-Control-Allow-Origin") == nil)
    closed.stop()
    let open = try ServerProcess(
      data: folder.appendingPathComponent("b"), ["--cors", "https://app.example"])
    let allowed = try open.request("GET", "/v1/looks", headers: ["Origin": "https://app.example"])
    #expect(allowed.header("Access-Control-Allow-Origin") == "https://app.example")
    let other = try open.request("GET", "/v1/looks", headers: ["Origin": "https://evil.example"])
    #expect(other.header("Access-Control-Allow-Origin") == nil)
    let preflight = try open.request(
      "OPTIONS", "/v1/documents", headers: ["Origin": "https://app.example"])
    #expect(preflight.status == 204)
    #expect(preflight.header("Access-Control-Allow-Methods")?.contains("PUT") == true)
    open.stop()
  }

  /// Uploads, document revisions and exports under way when the server is killed with
  /// `kill -9`: after a restart every acknowledged upload is there byte for byte, every
  /// acknowledged revision reads back as it was answered, every unfinished job is failed (none
  /// left running), the scratch folder is empty and every stored file is complete (named by
  /// the hash of what it holds).
  @Test func acknowledgedWritesSurviveKill9() throws {
    let folder = try Scratch.directory()
    let data = folder.appendingPathComponent("data")
    let samples = try ["coffee", "chelsea"].map { try Data(contentsOf: PackagePaths.sample($0)) }
    var jobs: [String] = []
    for round in 0..<3 {
      let server = try ServerProcess(data: data)
      let photo = try server.upload()
      let document = try server.createDocument(photo, Self.document)
      // Exports when the kill comes: a movie still encoding (HEVC at its slowest preset takes
      // seconds), photos done or queued behind it.
      let clip = try server.request(
        "POST", "/v1/uploads",
        body: Data(contentsOf: PackagePaths.samples.appendingPathComponent("demo/coffee-clip.mp4")))
      let movie = try server.createDocument(clip.json["id"] as? String ?? "", Self.document)
      let running =
        try server.json(
          "POST", "/v1/jobs",
          ["document": movie, "encoding": ["codec": "hevc", "preset": "veryslow"]]
        ).json["id"] as? String ?? ""
      for format in ["png", "webp"] {
        let job = try server.json("POST", "/v1/jobs", ["document": document, "format": format])
        jobs.append(job.json["id"] as? String ?? "")
      }
      let uploads = LockedBox<[(String, Int)]>()
      uploads.value = []
      let revisions = LockedBox<[(Int, Data)]>()
      revisions.value = []
      let uploader = Thread {
        for n in 0..<1000 {
          // Each upload differs (a byte appended after the JPEG's end), so each is new.
          var bytes = samples[n % 2]
          bytes.append(contentsOf: withUnsafeBytes(of: UInt32(round * 1000 + n)) { Array($0) })
          guard let reply = try? server.request("POST", "/v1/uploads", body: bytes),
            reply.status == 201, let id = reply.json["id"] as? String
          else { return }
          uploads.update { $0?.append((id, round * 1000 + n)) }
        }
      }
      let editor = Thread {
        for n in 1..<1000 {
          var edited = Self.document
          edited["operations"] = ["adjustments": ["contrast": Double(n % 100) / 100]]
          guard
            let reply = try? server.json(
              "PUT", "/v1/documents/\(document)", ["upload": photo, "document": edited],
              headers: ["If-Match": "\"\(n)\""]),
            reply.status == 200,
            let body = try? JSONSerialization.data(
              withJSONObject: reply.json["document"] ?? [:], options: .sortedKeys)
          else { return }
          revisions.update { $0?.append((n + 1, body)) }
        }
      }
      uploader.start()
      editor.start()
      Thread.sleep(forTimeInterval: 0.6 + 0.3 * Double(round))
      server.stop(SIGKILL)
      while uploader.isExecuting || editor.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
      // The movie's lumen-video saw its server go (its standard input closed) and stopped.
      var orphans = "?"
      for _ in 0..<100 where !orphans.isEmpty {
        Thread.sleep(forTimeInterval: 0.05)
        orphans = (try? Program.text(of: "pgrep", ["-f", "video --job \(data.path)/"])) ?? ""
      }
      #expect(orphans.isEmpty, "lumen-video still running: \(orphans)")
      let restarted = try ServerProcess(data: data)
      #expect(
        try FileManager.default.contentsOfDirectory(
          atPath: data.appendingPathComponent("tmp").path
        ).isEmpty)
      let acknowledged = uploads.value ?? []
      #expect(!acknowledged.isEmpty)
      for (id, n) in acknowledged {
        var expected = samples[n % 2]
        expected.append(contentsOf: withUnsafeBytes(of: UInt32(n)) { Array($0) })
        let content = try restarted.request("GET", "/v1/uploads/\(id)/content")
        #expect(content.status == 200 && content.body == expected, "upload \(n) of round \(round)")
      }
      let saved = revisions.value ?? []
      #expect(!saved.isEmpty)
      for (revision, body) in saved {
        let reply = try restarted.request("GET", "/v1/documents/\(document)?revision=\(revision)")
        let stored = try JSONSerialization.data(
          withJSONObject: reply.json["document"] ?? [:], options: .sortedKeys)
        #expect(reply.status == 200 && stored == body, "revision \(revision) of round \(round)")
      }
      for job in jobs {
        let state = try restarted.request("GET", "/v1/jobs/\(job)").json["state"] as? String
        #expect(state == "done" || state == "failed", "\(job): \(state ?? "?")")
      }
      let movieJob = try restarted.request("GET", "/v1/jobs/\(running)").json
      #expect(movieJob["state"] as? String == "failed", "\(movieJob)")
      #expect(try restarted.request("GET", "/v1/jobs/\(running)/output").status == 409)
      restarted.stop()
    }
    let blobs = data.appendingPathComponent("blobs")
    for folder in try FileManager.default.contentsOfDirectory(atPath: blobs.path) {
      for name in try FileManager.default.contentsOfDirectory(
        atPath: blobs.appendingPathComponent(folder).path)
      where !name.contains(".lumen-partial-") {
        // A kill between naming the unnamed file and renaming it leaves it under its hidden
        // partial name, which the next write to the folder sweeps: never a blob's name.
        let file = blobs.appendingPathComponent(folder).appendingPathComponent(name)
        let sum = try Program.text(of: "sha256sum", [file.path]).prefix(64)
        #expect(String(sum) == name, "\(file.path) is not complete")
      }
    }
  }

  /// A connection that says nothing is closed after the idle timeout; a body trickling in a
  /// byte at a time (each within the idle timeout) is dropped after the request timeout,
  /// and the service answers others meanwhile.
  @Test func silentAndTricklingClientsAreTimedOut() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(
      data: folder.appendingPathComponent("data"),
      ["--idle-timeout", "1", "--request-timeout", "2"])
    let silent = try server.connection()
    defer { close(silent) }
    let start = Date()
    #expect(server.receive(on: silent).isEmpty)
    let waited = Date().timeIntervalSince(start)
    #expect(waited >= 0.9 && waited < 5, "closed after \(waited) s")
    let trickle = try server.connection()
    defer { close(trickle) }
    server.send(
      "POST /v1/uploads HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n", on: trickle)
    var sent = 0
    let began = Date()
    while sent < 100, server.send("x", on: trickle) {
      sent += 1
      Thread.sleep(forTimeInterval: 0.4)
    }
    let lasted = Date().timeIntervalSince(began)
    #expect(sent < 100 && lasted >= 1.9 && lasted < 6, "\(sent) bytes over \(lasted) s")
    #expect(try server.request("GET", "/healthz").status == 200)
    server.stop()
  }

  /// Many kept-alive clients asking at once, and clients that leave while their previews are
  /// rendered: the service answers them all and goes on. (An answer's thread once unlocked a
  /// request the connection had already freed, corrupting the heap under wrk's 32 connections.)
  @Test func concurrentAndDepartingClientsDoNotHurtTheService() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let photo = try server.upload()
    let id = try server.createDocument(photo, Self.document)
    let request = "GET /v1/documents/\(id)/preview?size=400 HTTP/1.1\r\nHost: x\r\n\r\n"
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<60 {
        _ = try? server.raw(request, waitsForAnswer: false)
      }
    }
    let failures = LockedBox<Int>()
    failures.value = 0
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      for _ in 0..<25 {
        let status = (try? server.request("GET", "/v1/documents/\(id)/preview?size=200"))?.status
        if status != 200 { failures.update { $0 = ($0 ?? 0) + 1 } }
      }
    }
    #expect(failures.value == 0)
    #expect(try server.request("GET", "/healthz").status == 200)
    #expect(server.stop() == 128 + SIGTERM)
  }

  /// SIGTERM stops taking connections and lets a request in progress finish.
  @Test func sigtermDrainsRequestsInProgress() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let photo = try server.upload()
    let id = try server.createDocument(photo, Self.document)
    let answered = LockedBox<Int>()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      answered.value = (try? server.request("GET", "/v1/documents/\(id)/preview?size=2000"))?.status
      done.signal()
    }
    Thread.sleep(forTimeInterval: 0.05)
    let status = server.stop(SIGTERM)
    done.wait()
    #expect(status == 128 + SIGTERM)
    #expect(answered.value == 200)
    #expect(server.errors.contains("finished those in progress"))
  }
}

/// Export jobs: queued, followed by server-sent events, cancelled, their outputs the bytes
/// `lumen edit` writes for the same document.
@Suite(.serialized) struct ServerJobTests {
  private func setUp(_ server: ServerProcess, _ document: [String: Any]) throws -> (String, String)
  {
    let bytes = try Data(contentsOf: PackagePaths.sample("coffee"))
    let photo = try server.request("POST", "/v1/uploads", body: bytes).json["id"] as? String ?? ""
    let id = try server.createDocument(photo, document)
    return (photo, id)
  }

  @Test func anExportJobsOutputIsWhatLumenEditWrites() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let document: [String: Any] = [
      "formatIdentifier": "org.lumen.edit", "formatVersion": 4,
      "operations": [
        "adjustments": ["contrast": 0.3], "look": ["id": "chrome", "intensity": 0.6],
      ],
    ]
    let (_, id) = try setUp(server, document)
    let created = try server.json(
      "POST", "/v1/jobs", ["document": id, "format": "jpeg", "encoding": ["quality": 88]])
    #expect(created.status == 202)
    let job = created.json["id"] as? String ?? ""
    // The event stream ends with the job, its last event `done`.
    let events = String(
      decoding: try server.request("GET", "/v1/jobs/\(job)/events").body, as: UTF8.self)
    let names = events.split(separator: "\n").filter { $0.hasPrefix("event: ") }
    #expect(names.last == "event: done", "\(events)")
    #expect(names.dropLast().allSatisfy { $0 == "event: progress" })
    let status = try server.request("GET", "/v1/jobs/\(job)").json
    #expect(status["state"] as? String == "done")
    #expect(status["progress"] as? Double == 1)
    let output = try server.request("GET", "/v1/jobs/\(job)/output")
    #expect(output.header("Content-Type") == "image/jpeg")
    let documentFile = folder.appendingPathComponent("doc.json")
    try JSONSerialization.data(withJSONObject: document).write(to: documentFile)
    let expected = folder.appendingPathComponent("cli.jpg")
    try Program.output(
      of: ServerProcess.executable.path,
      [
        "edit", PackagePaths.sample("coffee").path, "--doc", documentFile.path, "-o",
        expected.path, "--quality", "88",
      ])
    #expect(output.body == (try Data(contentsOf: expected)))
    // An ended job cannot be cancelled.
    #expect(try server.request("DELETE", "/v1/jobs/\(job)").status == 409)
    server.stop()
  }

  @Test func badJobsAreRefusedWithTheirField() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let (_, id) = try setUp(server, ["formatIdentifier": "org.lumen.edit", "formatVersion": 4])
    let cases: [([String: Any], Int, String?)] = [
      (["document": id, "format": "gif"], 422, "format"),
      (["document": id, "format": "png", "encoding": ["quality": 80]], 422, "encoding"),
      (["document": id, "encoding": ["quality": 101]], 422, "encoding.quality"),
      (["document": id, "revision": 0], 422, "revision"),
      (["document": id, "revision": 1.5], 422, "revision"),
      (["document": id, "revision": true], 422, "revision"),
      (["document": id, "revision": 9], 404, nil),
      (["document": id, "previewLongSide": 1e300], 422, "previewLongSide"),
      (["document": id, "output": "/etc/passwd"], 422, "output"),
      (["document": String(repeating: "f", count: 32)], 404, nil),
      ([:], 422, "document"),
    ]
    for (body, status, pointer) in cases {
      let reply = try server.json("POST", "/v1/jobs", body)
      #expect(reply.status == status, "\(body)")
      #expect(reply.json["pointer"] as? String == pointer, "\(body)")
    }
    #expect(try server.request("GET", "/v1/jobs/\(id)").status == 404)
    #expect(try server.request("GET", "/v1/jobs/\(id)/output").status == 404)
    server.stop()
  }

  /// A job the server was running when killed is failed after the restart, never left
  /// running; a cancelled job has no output.
  @Test func jobsCancelAndSurviveKill9() throws {
    let folder = try Scratch.directory()
    let data = folder.appendingPathComponent("data")
    var server = try ServerProcess(data: data)
    // Large enough to take a while: the sample shown 8 times its size.
    let document: [String: Any] = [
      "formatIdentifier": "org.lumen.edit", "formatVersion": 4,
      "operations": ["adjustments": ["contrast": 0.3]],
      "layers": [
        [
          "id": "t", "kind": "text", "text": String(repeating: "slow text ", count: 300),
          "font": "DejaVu Sans", "size": 0.02, "transform": ["x": 0.5, "y": 0.5, "width": 0.9],
        ]
      ],
    ]
    let (_, id) = try setUp(server, document)
    var jobs: [String] = []
    for _ in 0..<3 {
      jobs.append(
        try server.json("POST", "/v1/jobs", ["document": id, "format": "png"]).json["id"] as? String
          ?? "")
    }
    // The third is still queued: cancelled at once, without output.
    let cancelled = try server.request("DELETE", "/v1/jobs/\(jobs[2])")
    #expect(cancelled.status == 202)
    #expect(
      try server.request("GET", "/v1/jobs/\(jobs[2])").json["state"] as? String == "cancelled")
    #expect(try server.request("GET", "/v1/jobs/\(jobs[2])/output").status == 409)
    server.stop(SIGKILL)
    server = try ServerProcess(data: data)
    for job in jobs.prefix(2) {
      let state = try server.request("GET", "/v1/jobs/\(job)").json["state"] as? String
      #expect(state == "done" || state == "failed", "\(job): \(state ?? "?")")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("tmp").path)
        .isEmpty)
    server.stop()
  }
}
