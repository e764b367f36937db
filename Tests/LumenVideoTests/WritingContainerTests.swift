import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo
import Testing

/// The writer writes the container its settings name, refuses a file name that names
/// another, and refuses codec and option combinations instead of ignoring them.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct WritingContainerTests {
  @Test func aFileNameNamingAnotherContainerIsRefusedBeforeAnyFile() throws {
    let directory = try Scratch.directory()
    let output = directory.appendingPathComponent("out.webm")
    #expect {
      try VideoWriter(url: output, width: 64, height: 64, settings: VideoEncodeSettings())
    } throws: { error in
      guard case .invalidSettings(let reason) = error as? VideoWriterError else { return false }
      return reason == "out.webm names webm, the settings say mp4"
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func settingsThatDoNotApplyAreRefused() {
    let refused: [(VideoEncodeSettings, String)] = [
      (VideoEncodeSettings(codec: .vp9, container: .webm, preset: "fast"), "vp9 has no presets"),
      (
        VideoEncodeSettings(codec: .h264, container: .webm),
        "h264 cannot go in webm, which holds vp9"
      ),
      (
        VideoEncodeSettings(codec: .vp9, container: .mp4),
        "vp9 cannot go in mp4, which holds h264 or hevc"
      ),
      (VideoEncodeSettings(rateControl: .crf(60)), "CRF 60 is outside 0...51 for h264"),
    ]
    for (settings, reason) in refused {
      #expect {
        try settings.validate()
      } throws: { error in
        error is VideoWriterError && "\(error)".contains(reason)
      }
    }
    #expect(throws: Never.self) {
      try VideoEncodeSettings(codec: .vp9, container: .webm, rateControl: .crf(60)).validate()
    }
  }

  @Test func webmHoldsVP9AndOpus() throws {
    let output = try Scratch.directory().appendingPathComponent("out.webm")
    let writer = try VideoWriter(
      url: output, width: 64, height: 48,
      settings: VideoEncodeSettings(codec: .vp9, container: .webm, frameRate: 10),
      audio: .mix(AudioMix(sources: [AudioTrackSource(url: try ExportSupport.music())])))
    let gray = Bitmap(width: 64, height: 48, format: .rgb8) { pixels in
      _ = pixels.initializeMemory(as: UInt8.self, repeating: 128)
    }
    for _ in 0..<10 { try writer.append(gray) }
    try writer.finish()
    let video = try #require(try ExportSupport.stream(output, "v"))
    let audio = try #require(try ExportSupport.stream(output, "a"))
    #expect(video["codec_name"] as? String == "vp9")
    #expect(audio["codec_name"] as? String == "opus")
    let format = try ReadingOracle.format(output)
    #expect(format["format_name"] as? String == "matroska,webm")
  }
}
