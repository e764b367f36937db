import Foundation
import LumenCore
import LumenEdit
import LumenTestSupport
import LumenVideo
import Testing

/// Compositions: trims, clips of other sizes and rates joined, fit and fill, music, and the
/// duration limits, checked with ffprobe and ffmpeg's decode.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ExportCompositionTests {
  typealias Support = ExportSupport

  func run(_ composition: VideoComposition, to output: URL) async throws {
    _ = try await Support.run(
      VideoExport(
        composition: composition,
        settings: VideoEncodeSettings(rateControl: .crf(23), preset: "ultrafast"), output: output))
  }

  /// The video's duration and frame count, and the sound's start and duration.
  func measure(_ output: URL) throws -> (
    duration: Double, frames: Int, audioStart: Double?, audioDuration: Double?
  ) {
    let video = try #require(try Support.stream(output, "v"))
    let audio = try Support.stream(output, "a")
    #expect(video["codec_name"] as? String == "h264")
    #expect(WritingSupport.number(video["start_time"]) == 0)
    return (
      WritingSupport.number(video["duration"]) ?? -1, try WritingSupport.decodedFrameCount(output),
      audio.flatMap { WritingSupport.number($0["start_time"]) },
      audio.flatMap { WritingSupport.number($0["duration"]) }
    )
  }

  @Test func aTrimKeepsItsSpanWithSoundCutToMatch() async throws {
    let output = try Scratch.directory().appendingPathComponent("trim.mp4")
    try await run(
      VideoComposition(clips: [VideoClip(url: try Support.standard(), trim: 0.5..<1.5)]),
      to: output)
    let measured = try measure(output)
    #expect(abs(measured.duration - 1) <= 1.0 / 30)
    #expect(measured.frames == 30)
    #expect(measured.audioStart == 0)
    #expect(abs((measured.audioDuration ?? 0) - 1) <= 1.0 / 30)
    // The first frame is the source's frame at 0.5 s (testsrc2 moves every frame).
    let first = try WritingSupport.decodedFrame(output, index: 0)
    let source = try Support.standard()
    let psnr = LumenTestSupport.psnr(
      bytes: first, try WritingSupport.decodedFrame(source, index: 15))
    #expect(psnr > 30, "PSNR \(psnr) dB against the source's frame 15")
  }

  @Test func clipsOfOtherSizesAndRatesJoinAtTheFirstClipsSizeAndRate() async throws {
    let output = try Scratch.directory().appendingPathComponent("joined.mp4")
    // 2 s at 30 fps, 320x240, then 1 s at 25 fps, 640x360 (16:9): letterboxed to 320x180.
    try await run(
      VideoComposition(clips: [
        VideoClip(url: try Support.standard()), VideoClip(url: try Support.wide()),
      ]),
      to: output)
    let measured = try measure(output)
    #expect(abs(measured.duration - 3) <= 1.0 / 30)
    #expect(measured.frames == 90)
    #expect(abs((measured.audioDuration ?? 0) - 3) <= 1.0 / 30)
    let video = try #require(try Support.stream(output, "v"))
    #expect(video["width"] as? Int == 320)
    #expect(video["height"] as? Int == 240)
    #expect(video["r_frame_rate"] as? String == "30/1")

    let wide = try WritingSupport.decodedFrame(output, index: 75)
    #expect(Support.mean(wide, width: 320, rows: 4..<26) < 20, "top bar")
    #expect(Support.mean(wide, width: 320, rows: 214..<236) < 20, "bottom bar")
    #expect(Support.mean(wide, width: 320, rows: 60..<180) > 40, "picture")
  }

  @Test func fillCoversThePictureInsteadOfLetterboxing() async throws {
    let output = try Scratch.directory().appendingPathComponent("fill.mp4")
    try await run(
      VideoComposition(
        clips: [VideoClip(url: try Support.wide(), trim: 0..<0.4)],
        size: .exact(width: 240, height: 240), fitting: .fill, frameRate: 30),
      to: output)
    let measured = try measure(output)
    #expect(measured.frames == 12)
    let frame = try WritingSupport.decodedFrame(output, index: 0)
    #expect(Support.mean(frame, width: 240, rows: 0..<20) > 40)
    #expect(Support.mean(frame, width: 240, rows: 220..<240) > 40)
  }

  @Test func musicPlaysUnderTheWholeMovieAtItsVolume() async throws {
    let directory = try Scratch.directory()
    let output = directory.appendingPathComponent("music.mp4")
    let music = try Support.music()
    try await run(
      VideoComposition(
        clips: [VideoClip(url: try Support.bars())],
        music: MusicTrack(url: music, volume: 0.5, trim: 1..<3)),
      to: output)
    let measured = try measure(output)
    #expect(measured.frames == 30)
    #expect(measured.audioStart == 0)
    #expect(abs((measured.audioDuration ?? 0) - 1) <= 1.0 / 30)
    let ratio = try Support.loudness(output) / Support.loudness(music)
    #expect(abs(ratio - 0.5) < 0.05, "level ratio \(ratio)")
  }

  @Test func theMaximumCutsTheMovieAndTheMinimumRefusesShorterContent() async throws {
    let directory = try Scratch.directory()
    let output = directory.appendingPathComponent("limited.mp4")
    let clips = [VideoClip(url: try Support.standard()), VideoClip(url: try Support.wide())]
    try await run(VideoComposition(clips: clips, maximumDuration: 1.2), to: output)
    let measured = try measure(output)
    #expect(measured.frames == 36)
    #expect(abs(measured.duration - 1.2) <= 1.0 / 30)
    #expect(abs((measured.audioDuration ?? 0) - 1.2) <= 1.0 / 30)

    let refused = directory.appendingPathComponent("refused.mp4")
    await #expect(throws: VideoExportError.shorterThanMinimum(duration: 3, minimum: 5)) {
      try await run(VideoComposition(clips: clips, minimumDuration: 5), to: refused)
    }
    // A minimum below the content's length changes nothing.
    try await run(VideoComposition(clips: [clips[1]], minimumDuration: 0.5), to: refused)
    #expect(try measure(refused).frames == 25)
  }

  @Test func aTrimOutsideTheClipIsRefusedNamingIt() throws {
    let source = try Support.standard()
    let output = try Scratch.directory().appendingPathComponent("never.mp4")
    #expect {
      try VideoExport(
        composition: VideoComposition(clips: [VideoClip(url: source, trim: 5..<6)]),
        output: output
      ).start()
    } throws: { error in
      guard case .invalidComposition(let reason) = error as? VideoExportError else { return false }
      return reason.hasPrefix(source.path)
    }
  }
}
