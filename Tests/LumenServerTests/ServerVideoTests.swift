import Foundation
import LumenCodecs
import LumenTestSupport
import Testing

/// Videos on the service: uploads probed by FFmpeg within the limits, previews of a frame,
/// movie jobs whose outputs are the bytes `lumen video` writes for the same document.
@Suite(.serialized) struct ServerVideoTests {
  static let clip = PackagePaths.samples.appendingPathComponent("demo/coffee-clip.mp4")
  static let clipDocument = PackagePaths.samples.appendingPathComponent("demo/clip-edit.json")

  private func uploadClip(_ server: ServerProcess) throws -> [String: Any] {
    let reply = try server.request("POST", "/v1/uploads", body: Data(contentsOf: Self.clip))
    #expect(reply.status == 201, "\(String(decoding: reply.body, as: UTF8.self))")
    return reply.json
  }

  @Test func videoUploadsAreProbedAndLimited() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let info = try uploadClip(server)
    // What ffprobe says of the sample: 480x320, 2 s, in an MP4.
    #expect(info["kind"] as? String == "video")
    #expect(info["format"] as? String == "mp4")
    #expect(info["width"] as? Int == 480 && info["height"] as? Int == 320)
    let duration = info["duration"] as? Double ?? 0
    let probed = try Program.text(
      of: "ffprobe",
      ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", Self.clip.path])
    #expect(
      abs(duration - (Double(probed.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)) < 0.05)
    // The frame rate a timeline steps by: ffprobe's average rate ("25/1").
    let rate = try Program.text(
      of: "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=avg_frame_rate", "-of",
        "csv=p=0", Self.clip.path,
      ]
    ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "/").compactMap {
      Double($0)
    }
    #expect(rate.count == 2 && info["frameRate"] as? Double == rate[0] / rate[1])
    let id = info["id"] as? String ?? ""
    let content = try server.request("GET", "/v1/uploads/\(id)/content")
    #expect(content.header("Content-Type") == "video/mp4")
    #expect(content.body == (try Data(contentsOf: Self.clip)))
    // Forged and truncated movies are refused with a reason, not stored.
    let bytes = try Data(contentsOf: Self.clip)
    var forged = Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0])
    forged.append(Data(repeating: 0x41, count: 5000))
    for body in [forged, bytes.prefix(bytes.count / 3), Data([0x1A, 0x45, 0xDF, 0xA3, 0x42])] {
      let reply = try server.request("POST", "/v1/uploads", body: body)
      #expect(reply.status == 422, "\(String(decoding: reply.body, as: UTF8.self))")
      #expect(!String(decoding: reply.body, as: UTF8.self).contains(folder.path))
    }
    server.stop()
    // A server taking videos of at most a second refuses the 2 s clip before storing it.
    let strict = try ServerProcess(
      data: folder.appendingPathComponent("strict"), ["--max-duration", "1"])
    let refused = try strict.request("POST", "/v1/uploads", body: bytes)
    #expect(refused.status == 413, "\(String(decoding: refused.body, as: UTF8.self))")
    strict.stop()
    let blobs = folder.appendingPathComponent("strict/blobs")
    #expect((try FileManager.default.contentsOfDirectory(atPath: blobs.path)).isEmpty)
  }

  @Test func aVideoDocumentPreviewsAFrameAsLumenVideoFrameDoes() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let upload = try uploadClip(server)["id"] as? String ?? ""
    let document = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.clipDocument))
    let id = try server.createDocument(upload, document as? [String: Any] ?? [:])
    let preview = try server.request(
      "GET", "/v1/documents/\(id)/preview?size=480&format=png&time=1.5")
    #expect(preview.status == 200, "\(String(decoding: preview.body, as: UTF8.self))")
    let served = folder.appendingPathComponent("served.png")
    try preview.body.write(to: served)
    let expected = folder.appendingPathComponent("cli.png")
    try Program.output(
      of: ServerProcess.executable.path,
      [
        "video", "frame", Self.clip.path, "--time", "1.5", "--doc", Self.clipDocument.path,
        "-o", expected.path,
      ])
    // The same frame through the same document at its moment (keyframes, time spans).
    let (a, b) = (try ImageFile.read(served).bitmap, try ImageFile.read(expected).bitmap)
    #expect(a.width == 480 && a.height == 320)
    #expect(psnr(a, b) > 40, "PSNR \(psnr(a, b)) dB")
    for bad in ["time=-1", "time=2.5", "time=nan", "time=1e400"] {
      let reply = try server.request("GET", "/v1/documents/\(id)/preview?\(bad)")
      #expect(reply.status == 400, "\(bad)")
      #expect(reply.json["pointer"] as? String == "time")
    }
    server.stop()
  }

  @Test func aVideoJobsOutputIsWhatLumenVideoWrites() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let upload = try uploadClip(server)["id"] as? String ?? ""
    let document = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.clipDocument))
    let id = try server.createDocument(upload, document as? [String: Any] ?? [:])
    let created = try server.json(
      "POST", "/v1/jobs",
      [
        "document": id, "longSide": 240, "trim": ["from": 0.5, "to": 1.5],
        "encoding": ["crf": 24, "preset": "veryfast"],
      ])
    #expect(created.status == 202, "\(String(decoding: created.body, as: UTF8.self))")
    #expect(created.json["format"] as? String == "mp4")
    let job = created.json["id"] as? String ?? ""
    let events = String(
      decoding: try server.request("GET", "/v1/jobs/\(job)/events").body, as: UTF8.self)
    let names = events.split(separator: "\n").filter { $0.hasPrefix("event: ") }
    #expect(names.last == "event: done", "\(events)")
    #expect(names.count >= 3, "progress as the frames are encoded: \(events)")
    let output = try server.request("GET", "/v1/jobs/\(job)/output")
    #expect(output.header("Content-Type") == "video/mp4")
    let expected = folder.appendingPathComponent("cli.mp4")
    try Program.output(
      of: ServerProcess.executable.path,
      [
        "video", Self.clip.path, "--doc", Self.clipDocument.path, "--size", "240", "--trim",
        "0.5:1.5", "--crf", "24", "--preset", "veryfast", "-o", expected.path,
      ])
    #expect(output.body == (try Data(contentsOf: expected)), "the bytes lumen video writes")
    let served = folder.appendingPathComponent("served.mp4")
    try output.body.write(to: served)
    let size = try Program.text(
      of: "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
        "-of", "csv=p=0", served.path,
      ])
    #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "240,160")
    server.stop()
  }

  @Test func badVideoJobsAreRefusedWithTheirField() throws {
    let folder = try Scratch.directory()
    let server = try ServerProcess(data: folder.appendingPathComponent("data"))
    let upload = try uploadClip(server)["id"] as? String ?? ""
    let id = try server.createDocument(
      upload, ["formatIdentifier": "org.lumen.edit", "formatVersion": 4])
    let cases: [([String: Any], String)] = [
      (["document": id, "format": "jpeg"], "format"),
      (["document": id, "previewLongSide": 100], "previewLongSide"),
      (["document": id, "longSide": 1], "longSide"),
      (["document": id, "longSide": 1e300], "longSide"),
      (["document": id, "trim": ["from": 1.5, "to": 0.5]], "trim"),
      (["document": id, "trim": ["from": -1]], "trim"),
      (["document": id, "frameRate": "fast"], "frameRate"),
      (["document": id, "format": "webm", "encoding": ["codec": "h264"]], "encoding"),
      (["document": id, "encoding": ["crf": 99]], "encoding.crf"),
      (["document": id, "encoding": ["preset": "warp"]], "encoding"),
    ]
    for (body, pointer) in cases {
      let reply = try server.json("POST", "/v1/jobs", body)
      #expect(reply.status == 422, "\(body)")
      #expect(reply.json["pointer"] as? String == pointer, "\(body): \(reply.json)")
    }
    server.stop()
  }

  /// Cancelling a running movie export stops it and leaves no output.
  @Test func aCancelledVideoJobLeavesNothing() throws {
    let folder = try Scratch.directory()
    let data = folder.appendingPathComponent("data")
    let server = try ServerProcess(data: data)
    let upload = try uploadClip(server)["id"] as? String ?? ""
    let id = try server.createDocument(
      upload, ["formatIdentifier": "org.lumen.edit", "formatVersion": 4])
    // A slow encoding (HEVC, slowest preset) so that the job is still running when cancelled.
    let created = try server.json(
      "POST", "/v1/jobs",
      ["document": id, "encoding": ["codec": "hevc", "preset": "veryslow"]])
    let job = created.json["id"] as? String ?? ""
    var state = ""
    for _ in 0..<200 where state != "running" {
      state = try server.request("GET", "/v1/jobs/\(job)").json["state"] as? String ?? ""
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(try server.request("DELETE", "/v1/jobs/\(job)").status == 202)
    let events = String(
      decoding: try server.request("GET", "/v1/jobs/\(job)/events").body, as: UTF8.self)
    #expect(events.contains("event: cancelled"), "\(events)")
    #expect(try server.request("GET", "/v1/jobs/\(job)/output").status == 409)
    let scratch = try FileManager.default.contentsOfDirectory(
      atPath: data.appendingPathComponent("tmp").path)
    #expect(scratch.allSatisfy { !$0.hasSuffix(".mp4") }, "\(scratch)")
    server.stop()
  }
}
