import Foundation
import LumenTestSupport
import Testing

/// The video commands run in `lumen-video`, so that photo commands start without FFmpeg.
struct VideoHelperTests {
  static var helper: URL {
    CLI.executable.deletingLastPathComponent().appendingPathComponent("lumen-video")
  }

  /// The shared objects the dynamic loader maps for `binary`, as ldd lists them.
  static func libraries(of binary: URL) throws -> String {
    String(decoding: try Program.output(of: "ldd", [binary.path]), as: UTF8.self)
  }

  @Test func photoCommandsDoNotLoadFFmpeg() throws {
    let photo = try Self.libraries(of: CLI.executable)
    let video = try Self.libraries(of: Self.helper)
    for library in ["libavformat", "libavcodec", "libswscale"] {
      #expect(!photo.contains(library), "lumen loads \(library)")
      #expect(video.contains(library), "lumen-video does not load \(library)")
    }
  }

  /// `lumen video` is the helper's own: its help, output and exit status.
  @Test func videoWordsReachTheHelper() throws {
    let clip = CLI.packageRoot.appendingPathComponent("samples/demo/coffee-clip.mp4").path
    let info = try CLI.run("video", "info", clip)
    #expect(info.status == 0, "\(info.errors)")
    #expect(info.output.contains("480x320"), "\(info.output)")
    let missing = try CLI.run("video", "info", "/nonexistent/clip.mp4")
    #expect(missing.status == 1 && missing.errors.hasPrefix("lumen: error: "))
    #expect(try CLI.run("video", "--bogus").status == 2)
  }

  /// Installed without its helper, `lumen video` says what is missing; photo commands work.
  @Test func missingHelperIsOneClearLine() throws {
    let folder = try CLI.scratch()
    let lone = folder.appendingPathComponent("lumen")
    try FileManager.default.copyItem(at: CLI.executable, to: lone)
    let video = try Program.run(lone.path, ["video", "info", "clip.mp4"])
    #expect(video.status == 1)
    #expect(
      video.errors.contains("lumen-video") && video.errors.contains("missing")
        && video.errors.split(separator: "\n").count == 1, "\(video.errors)")
    let help = try Program.run(lone.path, ["--help"])
    #expect(help.status == 0 && help.text.contains("  video frame  "))
  }
}
