import Foundation
import LumenTestSupport
import Testing

@testable import LumenVideo

/// Encoder settings are checked field by field, and frame times are exact fractions.
@Suite struct WritingSettingsTests {
  @Test func defaultsAreValid() throws {
    let settings = VideoEncodeSettings()
    try settings.validate()
    #expect(settings.codec == .h264)
    #expect(settings.container == .mp4)
    #expect(settings.preset == nil)
    #expect(settings.chromaFormat == .yuv420p)
  }

  @Test(arguments: [
    (VideoEncodeSettings(rateControl: .crf(52)), "CRF 52"),
    (VideoEncodeSettings(rateControl: .crf(-1)), "CRF -1"),
    (VideoEncodeSettings(rateControl: .bitrate(0)), "bitrate 0"),
    (VideoEncodeSettings(preset: "quick"), "unknown preset \"quick\""),
    (VideoEncodeSettings(frameRate: 0), "frame rate 0"),
    (VideoEncodeSettings(frameRate: .init(numerator: 30, denominator: 0)), "frame rate 30/0"),
    (VideoEncodeSettings(frameRate: 2000), "frame rate 2000"),
    (VideoEncodeSettings(threads: -1), "-1 encoder threads"),
  ])
  func outOfRangeFieldsAreNamed(settings: VideoEncodeSettings, words: String) {
    #expect {
      try settings.validate()
    } throws: { error in
      guard case .invalidSettings(let reason) = error as? VideoWriterError else { return false }
      return reason.hasPrefix(words)
    }
  }

  @Test func edgeValuesAreAccepted() throws {
    try VideoEncodeSettings(rateControl: .crf(0)).validate()
    try VideoEncodeSettings(rateControl: .crf(51)).validate()
    try VideoEncodeSettings(preset: "placebo", frameRate: .ntscFilm).validate()
  }

  @Test func oddSizesAreRefusedOnlyWhereChromaIsHalved() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    let odd: [(Int, Int, VideoEncodeSettings.ChromaFormat)] = [
      (161, 120, .yuv420p), (160, 121, .yuv420p), (161, 120, .yuv422p),
    ]
    for (width, height, chroma) in odd {
      #expect(throws: VideoWriterError.self) {
        _ = try VideoWriter(
          url: url, width: width, height: height,
          settings: VideoEncodeSettings(preset: "ultrafast", chromaFormat: chroma))
      }
    }
    // 4:2:2 halves only the width; 4:4:4 halves nothing.
    for (width, height, chroma) in [
      (160, 121, VideoEncodeSettings.ChromaFormat.yuv422p),
      (161, 121, .yuv444p),
    ] {
      let writer = try VideoWriter(
        url: url, width: width, height: height,
        settings: VideoEncodeSettings(preset: "ultrafast", chromaFormat: chroma))
      writer.cancel()
    }
  }

  @Test func audioDescriptionsAreChecked() {
    let file = URL(fileURLWithPath: "/tmp/a.m4a")
    let bad: [AudioMix] = [
      AudioMix(sources: [AudioTrackSource(url: file)], sampleRate: 45_000),
      AudioMix(sources: [AudioTrackSource(url: file)], bitrate: 1_000),
      AudioMix(sources: []),
      AudioMix(sources: [AudioTrackSource(url: file, volume: -1)]),
      AudioMix(sources: [AudioTrackSource(url: file, start: -1)]),
      AudioMix(sources: [AudioTrackSource(url: file, range: -1..<2)]),
      AudioMix(sources: [AudioTrackSource(url: file, range: 2..<2)]),
      AudioMix(sources: [AudioTrackSource(url: file)], duration: 0),
    ]
    for mix in bad {
      #expect(throws: VideoWriterError.self) { try mix.validate() }
    }
  }

  @Test func theClockKeepsNominalFramesAndNinetyKilohertzTimesExact() {
    #expect(VideoWriter.timeBase(for: 30).den == 90_000)
    #expect(VideoWriter.timeBase(for: 25).den == 90_000)
    #expect(VideoWriter.timeBase(for: .ntsc).den == 90_000)
    #expect(VideoWriter.timeBase(for: .ntscFilm).den == 360_000)
    #expect(VideoWriter.timeBase(for: .init(numerator: 60_000, denominator: 1001)).den == 180_000)
    #expect(VideoWriter.timeBase(for: .init(numerator: 120, denominator: 2)).den == 90_000)
  }

  @Test func timesCompareAsFractions() {
    let third = PresentationTime(value: 1, timescale: 3)
    #expect(third == PresentationTime(value: 30_000, timescale: 90_000))
    #expect(third.hashValue == PresentationTime(value: 30_000, timescale: 90_000).hashValue)
    #expect(third < PresentationTime(value: 33_334, timescale: 100_000))
    #expect(PresentationTime(value: -1, timescale: 2) < .zero)
    #expect(PresentationTime(seconds: 1.5).value == 135_000)
    #expect(VideoEncodeSettings.FrameRate.ntsc.frameDuration.seconds == 1001.0 / 30_000)
  }
}
