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
