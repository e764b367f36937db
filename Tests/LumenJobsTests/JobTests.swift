import Foundation
import LumenAssets
import LumenCodecs
import LumenCore
import LumenEdit
import LumenFilters
import LumenTestSupport
import LumenVideo
import LumenVideoJobs
import Testing

@testable import LumenJobs

/// Jobs are plain data: they read and write as JSON, refuse what they cannot run, and run the
/// same edit as the library calls they stand for.
@Suite struct JobTests {
  static func decode<Job: Decodable>(_: Job.Type, _ text: String) throws -> Job {
    try JSONDecoder().decode(Job.self, from: Data(text.utf8))
  }

  static func problem<Job: Decodable>(_: Job.Type, _ text: String) -> String? {
    do {
      _ = try decode(Job.self, text)
      return nil
    } catch let error as DecodingError {
      return JobFile.describe(error, file: "job.json").description
    } catch {
      return "\(error)"
    }
  }

  @Test func renderJobsRoundTripThroughOneLineOfJSON() throws {
    var document = EditDocument()
    document.adjustments.contrast = 0.25
    document.look = LookChoice(id: "noir", intensity: 0.5)
    let job = RenderJob(
      input: "/photos/a.jpg", document: document, output: "/out/a.webp",
      previewLongSide: 640, encoding: PhotoEncoding(quality: 77, lossless: true))
    let line = try JobFile.line(job)
    #expect(!line.contains("\n"))
    let back = try Self.decode(RenderJob.self, line)
    #expect(back == job)
    #expect(try JobFile.line(back) == line)
  }

  @Test func videoJobsRoundTrip() throws {
    let job = VideoJob(
      clips: [VideoJob.Clip(path: "/a.mp4", trim: .init(from: 1.5, to: 8)), .init(path: "/b.mov")],
      output: "/out.mov", longSide: 1280, fills: true, frameRate: "30000/1001",
      music: .init(path: "/song.m4a", volume: 0.5, trim: .init(from: 2)),
      maximumDuration: 15, encoding: .init(codec: .hevc, crf: 24, preset: "fast"))
    let back = try Self.decode(VideoJob.self, try JobFile.line(job))
    #expect(back == job)
    let export = try back.export()
    #expect(export.composition.clips.count == 2)
    #expect(export.composition.clips[0].trim == 1.5..<8)
    #expect(export.composition.size == .longSide(1280))
    #expect(export.composition.fitting == .fill)
    #expect(export.composition.frameRate == .ntsc)
    #expect(export.composition.music?.volume == 0.5)
    #expect(export.settings.codec == .hevc)
    #expect(export.settings.container == .mov)
    #expect(export.settings.rateControl == .crf(24))
  }

  @Test(arguments: [
    (#"{"input": "a.jpg"}"#, "job.json: output: missing"),
    (
      #"{"input": "a.jpg", "output": "b.jpg", "overwite": true}"#, "job.json: overwite: unknown key"
    ),
    (#"{"input": "a.jpg", "output": "b.jpg", "encoding": {"quality": 0}}"#, "encoding.quality"),
    (#"{"input": "a.jpg", "output": "b.jpg", "encoding": {"quality": 1e300}}"#, "encoding.quality"),
    (
      #"{"input": "a.jpg", "output": "b.jpg", "previewLongSide": 9223372036854775807}"#,
      "previewLongSide"
    ),
    (#"{"input": 3, "output": "b.jpg"}"#, "job.json: input: expected String"),
    (#"{"input": "a.jpg", "output": "b.jpg", "document": {"formatIdentifier": "x"}}"#, "document"),
    (
      #"{"input": "a.jpg", "output": "b.jpg", "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {"adjustments": {"contrast": 7}}}}"#,
      "contrast"
    ),
  ])
  func badRenderJobsAreRefusedWithTheirPath(text: String, expected: String) {
    let problem = Self.problem(RenderJob.self, text)
    #expect(problem?.contains(expected) == true, "\(problem ?? "accepted")")
  }

  /// A key with a line break (found by the job fuzzer) is echoed on the error's one line.
  @Test func aKeyWithALineBreakStaysOnOneLine() {
    let text = #"{"input": "a.jpg", "output": "b.jpg", "encod\ning": {}}"#
    let problem = Self.problem(RenderJob.self, text)
    #expect(
      problem?.contains("\n") == false && problem?.contains("unknown key") == true,
      "\(problem ?? "accepted")")
  }

  @Test(arguments: [
    (#"{"clips": [], "output": "o.mp4"}"#, "at least one clip"),
    (
      #"{"clips": [{"path": "a.mp4", "trim": {"from": 5, "to": 2}}], "output": "o.mp4"}"#,
      "from < to"
    ),
    (#"{"clips": [{"path": "a.mp4", "trim": {"from": -1}}], "output": "o.mp4"}"#, "from < to"),
    (#"{"clips": [{"path": "a.mp4"}], "output": "o.mp4", "frameRate": "0/0"}"#, "frameRate"),
    (#"{"clips": [{"path": "a.mp4"}], "output": "o.mp4", "longSide": 1}"#, "longSide"),
    (
      #"{"clips": [{"path": "a.mp4"}], "output": "o.mp4", "maximumDuration": 1e300}"#,
      "maximumDuration"
    ),
    (
      #"{"clips": [{"path": "a.mp4"}], "output": "o.mp4", "music": {"path": "m.wav", "volume": 99}}"#,
      "music.volume"
    ),
    (
      #"{"clips": [{"path": "a.mp4"}], "output": "o.mp4", "encoding": {"crf": 99}}"#, "encoding.crf"
    ),
    (
      #"{"clips": [{"path": "a.mp4"}], "output": "o.mp4", "encoding": {"preset": "warp"}}"#,
      "preset"
    ),
    (#"{"clips": [{"path": "a.mp4"}], "output": "o.mp4", "encoding": {"codec": "vp9"}}"#, "codec"),
    (#"{"clips": [{"path": "a.mp4", "trm": {}}], "output": "o.mp4"}"#, "clips[0].trm"),
  ])
  func badVideoJobsAreRefusedWithTheirPath(text: String, expected: String) {
    let problem = Self.problem(VideoJob.self, text)
    #expect(problem?.contains(expected) == true, "\(problem ?? "accepted")")
  }

  @Test(arguments: [
    ("30", VideoEncodeSettings.FrameRate(numerator: 30)), ("29.97", .ntsc), ("23.976", .ntscFilm),
    ("30000/1001", .ntsc),
    ("12.5", VideoEncodeSettings.FrameRate(numerator: 12500, denominator: 1000)),
  ])
  func frameRatesReadAsWritten(text: String, rate: VideoEncodeSettings.FrameRate) throws {
    #expect(try VideoEncodeSettings.FrameRate(parsing: text) == rate)
  }

  @Test(arguments: ["0", "-30", "nan", "1e300", "30/0", "1/2/3", "", "99999999999/1", "1/99999"])
  func nonsenseFrameRatesAreRefused(text: String) {
    #expect(throws: VideoEncodeSettings.FrameRate.ParseError.self) {
      try VideoEncodeSettings.FrameRate(parsing: text)
    }
  }

  @Test func jobFilesResolvePathsAgainstTheirFolder() throws {
    let folder = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sub = folder.appendingPathComponent("jobs")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    let file = sub.appendingPathComponent("a.json")
    try Data(#"{"input": "../in.jpg", "output": "out/x.jpg", "resourceFolder": "."}"#.utf8)
      .write(to: file)
    let job = try JobFile.read(RenderJob.self, from: file)
    #expect(job.input == folder.appendingPathComponent("in.jpg").standardizedFileURL.path)
    #expect(job.output == sub.appendingPathComponent("out/x.jpg").standardizedFileURL.path)
    #expect(job.resourceFolder == sub.standardizedFileURL.path)
    #expect(throws: JobError.self) { try JobFile.read(RenderJob.self, from: folder) }
    #expect(throws: JobError.self) {
      try JobFile.read(RenderJob.self, from: folder.appendingPathComponent("missing.json"))
    }
  }

  @Test func aRenderJobRendersWhatTheSessionRenders() throws {
    let folder = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var document = EditDocument()
    document.adjustments.saturation = -0.5
    document.look = LookChoice(id: "chrome", intensity: 0.7)
    let input = PackagePaths.sample("coffee")
    let viaJob = folder.appendingPathComponent("job.png")
    let direct = folder.appendingPathComponent("direct.png")
    try RenderJob(
      input: input.path, document: document, output: viaJob.path, previewLongSide: 300
    ).run()
    try EditSession(contentsOf: input, previewLongSide: 300).export(
      document, to: direct, atPreviewSize: true)
    #expect(try Data(contentsOf: viaJob) == Data(contentsOf: direct))
  }
}

/// A context carries a resolver; a job's context shares its parent's pools with the job's own.
@Suite struct ContextResolverTests {
  @Test func sessionsResolveThroughTheirContext() throws {
    let folder = try Scratch.directory()
    let swap = CubeFile(
      lut: .cube(ColorCube(size: 2) { RGBA(red: $0.blue, green: $0.green, blue: $0.red) }))
    try swap.write(to: folder.appendingPathComponent("swap.cube"))
    var document = EditDocument()
    document.look = LookChoice(id: "swap.cube")
    let photo = PackagePaths.sample("coffee")
    let shared = RenderContext(threadCount: 1)
    let job = shared.resolving(with: ResourceResolver(base: folder))
    #expect(job.threadCount == 1 && job.memoryBudget == shared.memoryBudget)
    let looked = try EditSession(contentsOf: photo, previewLongSide: 64, context: job)
      .preview(document)
    let plain = try EditSession(contentsOf: photo, previewLongSide: 64, context: shared)
      .preview(EditDocument())
    #expect(psnr(looked, plain) < 25, "the context's resolver found the look")
    // Without a resolver for its folder the look is not found next to the photo.
    #expect(throws: (any Error).self) {
      try EditSession(contentsOf: photo, previewLongSide: 64, context: shared).preview(document)
    }
  }
}

/// A render job never writes over the photo, its document file or a file its document reads,
/// unless ``RenderJob/overwrite`` is set.
@Suite struct RenderJobOutputTests {
  @Test func theOutputIsNeitherThePhotoNorTheDocumentNorALayerImage() throws {
    let folder = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo = folder.appendingPathComponent("in.png")
    let overlay = folder.appendingPathComponent("overlay.png")
    let documentFile = folder.appendingPathComponent("d.json")
    let picture = Bitmap(width: 8, height: 6, format: .rgb8) { bytes in
      for index in 0..<bytes.count { bytes[index] = 90 }
    }
    try ImageFile.write(picture, to: photo)
    try ImageFile.write(picture, to: overlay)
    let document = try EditDocument(
      json: Data(
        """
        {"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": {},
         "layers": [{"id": "o", "kind": "image", "source": "overlay.png",
                     "transform": {"x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5}}]}
        """.utf8))
    try document.jsonData().write(to: documentFile)
    let before = try [photo, overlay, documentFile].map { try Data(contentsOf: $0) }
    for output in [photo, overlay, documentFile] {
      let job = RenderJob(
        input: photo.path, document: document, documentFile: documentFile.path,
        output: output.path, resourceFolder: folder.path)
      #expect(throws: (any Error).self) { try job.run() }
    }
    #expect(try [photo, overlay, documentFile].map { try Data(contentsOf: $0) } == before)
    var allowed = RenderJob(
      input: photo.path, document: document, output: overlay.path, resourceFolder: folder.path)
    allowed.overwrite = true
    try allowed.run()
    #expect(try ImageFile.info(overlay).width == 8)
  }

  @Test func theDocumentFileIsPartOfTheJobAndResolvedLikeTheOtherPaths() throws {
    let job = try JobTests.decode(
      RenderJob.self, #"{"input": "a.jpg", "output": "b.jpg", "documentFile": "d.json"}"#
    ).resolvingPaths(against: URL(fileURLWithPath: "/jobs"))
    #expect(job.documentFile == "/jobs/d.json")
    #expect(try JobTests.decode(RenderJob.self, JobFile.line(job)) == job)
  }
}

/// A job file that cannot be read or decoded gets one short line with the system's reason.
@Suite struct JobFileErrorTests {
  @Test func unreadableJobFilesSayWhy() throws {
    let folder = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.json")
    let fifo = folder.appendingPathComponent("fifo.json")
    mkfifo(fifo.path, 0o644)
    for (file, reason) in [(missing, "No such file or directory"), (fifo, "a FIFO")] {
      let error = #expect(throws: JobError.self) { try JobFile.read(RenderJob.self, from: file) }
      #expect(error?.description.hasPrefix(file.path + ": ") == true)
      #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    }
  }

  @Test func aHugeKeyIsNotEchoedWhole() throws {
    let key = String(repeating: "k", count: 1_000_000)
    let file = try Scratch.directory().appendingPathComponent("job.json")
    try Data(#"{"input": "a.jpg", "output": "b.jpg", "document": {"\#(key)": 1}}"#.utf8)
      .write(to: file)
    let error = #expect(throws: JobError.self) { try JobFile.read(RenderJob.self, from: file) }
    let message = error?.description ?? ""
    #expect(message.count < file.path.count + 500, "\(message.count) characters")
  }
}
