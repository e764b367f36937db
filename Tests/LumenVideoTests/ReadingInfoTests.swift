import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo
import Testing

/// What `VideoAsset` reports against what ffprobe reports for the same files.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ReadingInfoTests {
  @Test func mp4WithSoundMatchesFFprobe() throws {
    let clip = try ReadingClips.withSound()
    let info = try VideoAsset(contentsOf: clip).info
    let stream = try ReadingOracle.videoStream(clip)
    let format = try ReadingOracle.format(clip)
    #expect(info.container == format["format_name"] as? String)
    #expect(info.duration.seconds == Double(stream["duration"] as? String ?? ""))
    #expect(info.video.frameCount == .exact(Int(stream["nb_read_frames"] as? String ?? "") ?? -1))
    #expect(info.video.codec == stream["codec_name"] as? String)
    #expect(info.video.profile == stream["profile"] as? String)
    #expect(info.video.pixelFormat == stream["pix_fmt"] as? String)
    #expect(info.video.averageFrameRate?.description == stream["avg_frame_rate"] as? String)
    #expect(info.video.nominalFrameRate?.description == stream["r_frame_rate"] as? String)
    #expect(info.video.timeBase.description == stream["time_base"] as? String)
    #expect(info.video.width == stream["width"] as? Int)
    #expect(info.video.height == stream["height"] as? Int)
    #expect(info.video.bitDepth == 8)
    #expect(info.video.orientation == .up)
    #expect(info.audio.count == 1)
    let audio = try #require(info.audio.first)
    #expect(audio.codec == "aac" && audio.sampleRate == 48000)
    #expect(audio.channels == 2 && audio.channelLayout == "stereo")
  }

  /// Matroska and WebM do not index every frame: the count is an estimate, and counting
  /// packets gives ffprobe's decoded count exactly. The duration is the track's own.
  @Test(arguments: ["webm", "mkv", "vfr"])
  func matroskaCountsAreEstimatedUntilCounted(_ kind: String) throws {
    let clip =
      switch kind {
      case "webm": try ReadingClips.webM()
      case "mkv": try ReadingClips.matroska()
      default: try ReadingClips.variableRate()
      }
    let asset = try VideoAsset(contentsOf: clip)
    let stream = try ReadingOracle.videoStream(clip)
    let decoded = try #require(Int(stream["nb_read_frames"] as? String ?? ""))
    #expect(!asset.info.video.frameCount.isExact)
    #expect(try asset.countFrames() == decoded)
    if kind != "vfr" { #expect(asset.info.video.frameCount.value == decoded) }
    let tag = try #require((stream["tags"] as? [String: Any])?["DURATION"] as? String)
    let parts = tag.split(separator: ":").compactMap { Double($0) }
    let seconds = parts[0] * 3600 + parts[1] * 60 + parts[2]
    #expect(abs(asset.info.duration.seconds - seconds) < 1e-6)
    #expect(asset.info.video.averageFrameRate?.description == stream["avg_frame_rate"] as? String)
    #expect(asset.info.video.nominalFrameRate?.description == stream["r_frame_rate"] as? String)
  }

  @Test func webMReportsItsSound() throws {
    let info = try VideoAsset(contentsOf: try ReadingClips.webM()).info
    #expect(info.container == "matroska,webm")
    #expect(info.video.codec == "vp9")
    #expect(info.audio.map(\.codec) == ["opus"])
    #expect(info.audio.first?.sampleRate == 48000)
  }

  @Test func tenBitProResReportsItsDepth() throws {
    let clip = try ReadingClips.proRes()
    let info = try VideoAsset(contentsOf: clip).info
    let stream = try ReadingOracle.videoStream(clip)
    #expect(info.video.pixelFormat == "yuv422p10le")
    #expect(info.video.bitDepth == 10)
    #expect(info.video.frameCount == .exact(Int(stream["nb_read_frames"] as? String ?? "") ?? -1))
  }
}
