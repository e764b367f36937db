import Foundation
import LumenTestSupport
import Testing

/// Hostile command lines and files for `lumen video`: each is refused with one line (status 2
/// for a bad option, 1 for a bad file) and leaves no file behind, never a crash or a hang.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct VideoHardeningTests {
  /// A fresh directory holding `clip.mp4` (320x240, 25 fps, 2 s, AAC sound).
  static func directoryWithClip() throws -> (URL, URL) {
    let dir = try CLI.scratch()
    return (dir, try VideoCommandTests.clip(in: dir))
  }

  /// The names in `dir`, hidden ones included, sorted.
  static func files(in dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
  }

  /// `result` failed with `status` and one line of standard error containing `text`.
  static func expectRefused(
    _ result: CLI.Result, status: Int32, saying text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = result.errors.split(separator: "\n")
    #expect(result.status == status, "\(result.errors)", sourceLocation: sourceLocation)
    #expect(lines.count == 1, "\(result.errors)", sourceLocation: sourceLocation)
    #expect(result.errors.contains(text), "\(result.errors)", sourceLocation: sourceLocation)
    #expect(result.errors.count < 400, sourceLocation: sourceLocation)
  }

  // MARK: Times from outside (issue 12: --music-trim 0:1e300 crashed, leaving a 0-byte file)

  @Test(arguments: [
    ["--music-trim", "0:1e300"], ["--music-trim", "0:1e15"], ["--music-trim", "1e300:"],
    ["--music-trim", "0:1e300ms"], ["--trim", "0:1e15"], ["--max", "1e300"],
  ])
  func hugeTimesAreRefusedInOneLine(_ options: [String]) throws {
    let (dir, clip) = try Self.directoryWithClip()
    let music = dir.appendingPathComponent("a.wav")
    try VideoCommandTests.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", music.path])
    let out = dir.appendingPathComponent("out.mp4")
    let result = try CLI.run(
      ["video", clip.path, "--music", music.path, "-o", out.path] + options)
    Self.expectRefused(result, status: 2, saying: options[0])
    #expect(try Self.files(in: dir) == ["a.wav", "clip.mp4"])
  }

  @Test func hugeTimesInAJobFileAreRefused() throws {
    let (dir, clip) = try Self.directoryWithClip()
    let job = dir.appendingPathComponent("job.json")
    let out = dir.appendingPathComponent("out.mp4")
    try Data(
      #"{"clips": [{"path": "\#(clip.path)"}], "output": "\#(out.path)", "music": {"path": "\#(clip.path)", "trim": {"from": 0, "to": 1e300}}}"#
        .utf8
    ).write(to: job)
    let result = try CLI.run("video", "--job", job.path)
    #expect(result.status != 0 && result.errors.split(separator: "\n").count == 1)
    #expect(try Self.files(in: dir) == ["clip.mp4", "job.json"])
  }
}

extension VideoHardeningTests {
  // MARK: Thumbnail strips within the memory budget (issue 12: NaN crash, 11 GB, 67 GB)

  /// A tiny FFV1 Matroska file (256x256, 2 frames; FFV1 takes its size from the container)
  /// whose PixelWidth and PixelHeight are patched to `width` x `height`.
  static func matroska(claiming width: UInt16, _ height: UInt16, in dir: URL) throws -> URL {
    let url = dir.appendingPathComponent("claims-\(width)x\(height).mkv")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=256x256:rate=5:duration=0.4", "-c:v", "ffv1",
      "-f", "matroska", url.path,
    ])
    var bytes = try Data(contentsOf: url)
    // PixelWidth (0xB0) and PixelHeight (0xBA), two bytes each, both 256.
    for (id, value) in [(UInt8(0xB0), width), (0xBA, height)] {
      let element = Data([id, 0x82, 0x01, 0x00])
      let found = try #require(bytes.range(of: element), "no 0x\(id) element")
      bytes.replaceSubrange(
        found.upperBound - 2..<found.upperBound, with: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }
    try bytes.write(to: url)
    return url
  }

  /// A Motion JPEG QuickTime file whose sample description claims a height of 0 and whose
  /// JPEG markers are broken, so that FFmpeg cannot learn the size from the frames either.
  static func quickTimeClaimingNoHeight(in dir: URL) throws -> URL {
    let url = dir.appendingPathComponent("no-height.mov")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x64:rate=5:duration=0.4", "-c:v", "mjpeg",
      "-f", "mov", url.path,
    ])
    var bytes = [UInt8](try Data(contentsOf: url))
    let data = Data(bytes)
    let stsd = try #require(data.range(of: Data("stsd".utf8)))
    let entry = try #require(data.range(of: Data("jpeg".utf8), in: stsd.upperBound..<data.count))
    // After the type: 6 reserved, data reference, version, revision, vendor, temporal and
    // spatial quality (22 bytes), then width and height (2 bytes each).
    let height = entry.upperBound + 24
    bytes[height] = 0
    bytes[height + 1] = 0
    let mdat = try #require(data.range(of: Data("mdat".utf8)))
    for index in mdat.upperBound..<(bytes.count - 1)
    where bytes[index] == 0xFF && [0xC0, 0xD8].contains(bytes[index + 1]) {
      bytes[index + 1] = 0
    }
    try Data(bytes).write(to: url)
    return url
  }

  @Test func thumbsOfAStreamClaimingNoHeightAreRefused() throws {
    let dir = try CLI.scratch()
    let file = try Self.quickTimeClaimingNoHeight(in: dir)
    let strip = dir.appendingPathComponent("strip.jpg")
    let result = try CLI.run("video", "thumbs", file.path, "-n", "4", "-o", strip.path)
    Self.expectRefused(result, status: 1, saying: "\(file.path): ")
    #expect(!FileManager.default.fileExists(atPath: strip.path))
  }

  @Test func thumbsOfAStreamClaiming65535x1AreRefusedBeforeAllocating() throws {
    let dir = try CLI.scratch()
    let file = try Self.matroska(claiming: 65535, 1, in: dir)
    let strip = dir.appendingPathComponent("strip.jpg")
    let result = try CLI.run("video", "thumbs", file.path, "-n", "4", "-o", strip.path)
    Self.expectRefused(result, status: 1, saying: "\(file.path): a 65535x1 picture is too wide")
    #expect(!FileManager.default.fileExists(atPath: strip.path))
  }

  @Test func aStripBeyondTheMemoryBudgetIsRefusedAndOneWithinItIsMade() throws {
    let (dir, clip) = try Self.directoryWithClip()
    let strip = dir.appendingPathComponent("strip.jpg")
    let huge = try CLI.run(
      "video", "thumbs", clip.path, "-n", "1000", "--height", "4096", "-o", strip.path)
    Self.expectRefused(huge, status: 2, saying: "more than the memory budget")
    #expect(!FileManager.default.fileExists(atPath: strip.path))
    let fine = try CLI.run(
      "video", "thumbs", clip.path, "-n", "20", "--height", "64", "-o", strip.path)
    #expect(fine.status == 0, "\(fine.errors)")
    #expect(FileManager.default.fileExists(atPath: strip.path))
  }
}

extension VideoHardeningTests {
  // MARK: The container the extension names (issue 12: .webm, .mkv, .m4a got MP4 bytes)

  /// ffprobe's container name and stream codecs ("video,audio") of `url`.
  static func probe(_ url: URL) throws -> (format: String, codecs: String) {
    let text = try Program.text(
      of: "ffprobe",
      [
        "-v", "error", "-show_entries", "format=format_name:stream=codec_name", "-of",
        "default=noprint_wrappers=1:nokey=1", url.path,
      ])
    let lines = text.split(separator: "\n").map(String.init)
    return (lines.last ?? "", lines.dropLast().joined(separator: ","))
  }

  @Test(arguments: [
    ("out.mp4", [String](), "mov,mp4,m4a,3gp,3g2,mj2", "h264,aac"),
    ("out.mov", ["--codec", "hevc"], "mov,mp4,m4a,3gp,3g2,mj2", "hevc,aac"),
    ("out.mkv", [], "matroska,webm", "h264,aac"),
    ("out.mkv", ["--codec", "vp9", "--crf", "40"], "matroska,webm", "vp9,aac"),
    ("out.webm", [], "matroska,webm", "vp9,opus"),
  ])
  func theExtensionNamesTheContainer(
    _ name: String, _ options: [String], _ format: String, _ codecs: String
  ) throws {
    let (dir, clip) = try Self.directoryWithClip()
    let out = dir.appendingPathComponent(name)
    let result = try CLI.run(["video", clip.path, "-o", out.path] + options)
    #expect(result.status == 0, "\(result.errors)")
    let probed = try Self.probe(out)
    #expect(probed.format == format)
    #expect(probed.codecs == codecs)
    if name.hasSuffix(".webm") {
      // Not merely labelled: the file is WebM (its EBML DocType says so).
      #expect(try Data(contentsOf: out).prefix(64).range(of: Data("webm".utf8)) != nil)
    }
  }

  @Test(arguments: [
    (["-o", "out.m4a"], "cannot write .m4a files"), (["-o", "out.avi"], "cannot write .avi"),
    (["-o", "out"], "without an extension"),
    (["-o", "out.webm", "--preset", "fast"], "--preset applies to h264 and hevc, not vp9"),
    (["-o", "out.webm", "--codec", "h264"], "h264 cannot go in webm"),
    (["-o", "out.mp4", "--codec", "vp9"], "vp9 cannot go in mp4"),
    (["-o", "out.mp4", "--crf", "60"], "--crf must be a whole number in 0...51, not \"60\""),
  ])
  func optionsThatDoNotApplyAreRefused(_ options: [String], _ message: String) throws {
    let (dir, clip) = try Self.directoryWithClip()
    let arguments = options.map { $0.hasPrefix("out") ? dir.appendingPathComponent($0).path : $0 }
    let result = try CLI.run(["video", clip.path] + arguments)
    Self.expectRefused(result, status: 2, saying: message)
    #expect(try Self.files(in: dir) == ["clip.mp4"])
  }
}

extension VideoHardeningTests {
  // MARK: Inputs that are not regular files, and seek errors (issue 12: open() blocked forever)

  /// `lumen` with `arguments`, killed after 20 s (status 124: it hung).
  static func runBounded(_ arguments: [String]) throws -> CLI.Result {
    let result = try Program.run(
      "timeout", ["20", CLI.executable.path] + arguments, in: CLI.packageRoot)
    return CLI.Result(status: result.status, output: result.text, errors: result.errors)
  }

  @Test func aFIFOAsVideoOrMusicIsRefusedWithoutWaiting() throws {
    let (dir, clip) = try Self.directoryWithClip()
    let fifo = dir.appendingPathComponent("fifo.mp4")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let out = dir.appendingPathComponent("out.mp4")
    for arguments in [
      ["video", "info", fifo.path], ["video", fifo.path, "-o", out.path],
      ["video", "thumbs", fifo.path, "-n", "2", "-o", dir.appendingPathComponent("s.jpg").path],
      ["video", clip.path, "--music", fifo.path, "-o", out.path],
    ] {
      let result = try Self.runBounded(arguments)
      Self.expectRefused(result, status: 1, saying: "\(fifo.path): ")
      #expect(result.errors.contains("not a regular file (a FIFO)"))
    }
    #expect(try Self.files(in: dir) == ["clip.mp4", "fifo.mp4"])
  }

  @Test func aFailedSeekSaysWhyInsteadOfBlamingPermissions() throws {
    let (dir, clip) = try Self.directoryWithClip()
    let raw = dir.appendingPathComponent("raw.h264")
    try VideoCommandTests.ffmpeg(["-i", clip.path, "-c:v", "copy", "-an", raw.path])
    let frame = dir.appendingPathComponent("frame.png")
    let result = try CLI.run("video", "frame", raw.path, "--time", "1.5", "-o", frame.path)
    Self.expectRefused(result, status: 1, saying: "\(raw.path): seeking to 1.500 s failed")
    #expect(!result.errors.contains("Operation not permitted"))
    #expect(result.errors.contains("cannot seek in this file"))
  }
}

extension VideoHardeningTests {
  // MARK: Durations from what the streams hold (issue 12: 3000 s claimed for 75 frames)

  /// 3 s of 25 fps H.264 (75 frames) in `name`.
  static func seventyFiveFrames(_ name: String, in dir: URL) throws -> URL {
    let url = dir.appendingPathComponent(name)
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=3", "-c:v", "libx264",
      "-preset", "veryfast", "-pix_fmt", "yuv420p", url.path,
    ])
    return url
  }

  /// Overwrites `url` with `bytes` placed `skipping` bytes after the first `marker`.
  static func patch(_ url: URL, after marker: String, skipping: Int, with bytes: [UInt8]) throws {
    var data = try Data(contentsOf: url)
    let found = try #require(data.range(of: Data(marker.utf8)), "no \(marker) in \(url.path)")
    let start = found.upperBound + skipping
    data.replaceSubrange(start..<start + bytes.count, with: bytes)
    try data.write(to: url)
  }

  @Test func anMP4WhoseMediaTimescaleIsZeroIsRefused() throws {
    let dir = try CLI.scratch()
    let clip = try Self.seventyFiveFrames("timescale0.mp4", in: dir)
    // mdhd: version and flags, creation and modification times (4 bytes each), timescale.
    try Self.patch(clip, after: "mdhd", skipping: 12, with: [0, 0, 0, 0])
    let out = dir.appendingPathComponent("out.mp4")
    let result = try CLI.run("video", clip.path, "-o", out.path)
    Self.expectRefused(result, status: 1, saying: "\(clip.path): the file is corrupt: its timing")
    #expect(try Self.files(in: dir) == ["timescale0.mp4"])
  }

  @Test func aMatroskaFileClaimingMoreThanItsFramesStopsAtTheirEnd() throws {
    let dir = try CLI.scratch()
    let clip = try Self.seventyFiveFrames("long.mkv", in: dir)
    // The track's DURATION tag: 00:00:03.000000000 becomes 00:50:00 (3000 s).
    try Self.patch(clip, after: "DURATION", skipping: 3, with: Array("00:50:00".utf8))
    let info = try CLI.run("video", "info", clip.path)
    try #require(info.output.contains("3000.000 s"), "the patch did not take: \(info.output)")
    let out = dir.appendingPathComponent("out.mp4")
    let started = Date()
    let result = try CLI.run("video", clip.path, "-o", out.path)
    Self.expectRefused(result, status: 1, saying: "its frames end at 3.000 s")
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(try Self.files(in: dir) == ["long.mkv"])
  }
}

extension VideoHardeningTests {
  // MARK: Creation time and location kept, stripped on request (issue 12: all were dropped)

  /// A 1 s QuickTime clip shot "at the Eiffel Tower on 1 May 2024", tagged as phones do.
  static func geotaggedClip(in dir: URL) throws -> URL {
    let url = dir.appendingPathComponent("geo.mov")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-c:v", "libx264",
      "-preset", "veryfast", "-pix_fmt", "yuv420p",
      "-metadata", "creation_time=2024-05-01T10:00:00Z",
      "-metadata", "location=+48.8577+002.2950/",
      "-metadata", "com.apple.quicktime.location.ISO6709=+48.8577+002.2950+035.000/",
      "-metadata", "comment=not for export", "-movflags", "use_metadata_tags", url.path,
    ])
    return url
  }

  /// ffprobe's container tags of `url`.
  static func tags(_ url: URL) throws -> [String: String] {
    let data = try Program.output(
      of: "ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "json", url.path])
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (json?["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
  }

  /// exiftool's `tag` of `url`, as a number or text; nil when it has none.
  static func exif(_ tag: String, _ url: URL) throws -> String? {
    let text = try Program.text(of: "exiftool", ["-n", "-s3", "-\(tag)", url.path])
    let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return value.isEmpty ? nil : value
  }

  @Test(.requires(.exiftool), arguments: ["mp4", "mov"])
  func creationTimeAndLocationAreKeptUnlessStripped(_ container: String) throws {
    let dir = try CLI.scratch()
    let source = try Self.geotaggedClip(in: dir)
    func export(_ options: String...) throws -> URL {
      let out = dir.appendingPathComponent("out\(options.joined()).\(container)")
      let result = try CLI.run(["video", source.path, "-o", out.path] + options)
      #expect(result.status == 0, "\(result.errors)")
      return out
    }
    let kept = try export()
    let tags = try Self.tags(kept)
    #expect(tags["creation_time"]?.hasPrefix("2024-05-01T10:00:00") == true, "\(tags)")
    #expect(tags["location"] == "+48.8577+002.2950/", "\(tags)")
    #expect(tags["com.apple.quicktime.location.ISO6709"] == "+48.8577+002.2950+035.000/")
    #expect(tags["comment"] == nil, "only time and place are carried over")
    #expect(try Self.exif("GPSLatitude", kept).flatMap(Double.init) == 48.8577)
    #expect(try Self.exif("CreateDate", kept) == "2024:05:01 10:00:00")

    let noGPS = try export("--strip-gps")
    let timeOnly = try Self.tags(noGPS)
    #expect(timeOnly["creation_time"]?.hasPrefix("2024-05-01T10:00:00") == true)
    #expect(!timeOnly.keys.contains { $0.lowercased().contains("location") }, "\(timeOnly)")
    #expect(try Self.exif("GPSLatitude", noGPS) == nil)
    #expect(try Self.exif("CreateDate", noGPS) == "2024:05:01 10:00:00")

    let bare = try export("--strip-metadata")
    let none = try Self.tags(bare)
    #expect(none["creation_time"] == nil && none["location"] == nil, "\(none)")
    #expect(try Self.exif("GPSLatitude", bare) == nil)
    #expect(try Self.exif("CreateDate", bare) == "0000:00:00 00:00:00")
  }

  @Test func theHelpStatesTheMetadataPolicy() throws {
    let help = try CLI.run("video", "--help")
    #expect(help.output.contains("creation time and location"))
    #expect(help.output.contains("--strip-gps") && help.output.contains("--strip-metadata"))
  }
}

extension VideoHardeningTests {
  // MARK: info --json gives numbers as numbers

  @Test func infoJSONGivesNumbersAsNumbers() throws {
    let (_, clip) = try Self.directoryWithClip()
    let result = try CLI.run("video", "info", "--json", clip.path)
    #expect(result.status == 0, "\(result.errors)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let video = try #require(json["video"] as? [String: Any])
    #expect(json["duration"] as? Double == 2)
    #expect(video["averageFrameRate"] as? Double == 25)
    #expect(video["nominalFrameRate"] as? Double == 25)
    #expect(video["sampleAspectRatio"] as? Double == 1)
    let timeBase = try #require(video["timeBase"] as? [String: Any])
    #expect(timeBase["numerator"] as? Int == 1 && timeBase["denominator"] as? Int == 12800)
    #expect(!result.output.contains("\"1/"), "no fraction as text: \(result.output)")
  }
}
