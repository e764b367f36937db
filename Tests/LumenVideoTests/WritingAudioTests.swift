import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenVideo

/// Audio tracks written beside the picture: copied packets and AAC mixes, checked with ffprobe
/// and ffmpeg's decode.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct WritingAudioTests {
  typealias Support = WritingSupport

  /// Writes `seconds` of the pattern at 25 fps with `audio`.
  func write(_ url: URL, seconds: Double, audio: VideoWriter.Audio) throws {
    let settings = VideoEncodeSettings(preset: "ultrafast", frameRate: 25)
    let writer = try VideoWriter(
      url: url, width: 160, height: 120, settings: settings, audio: audio)
    for index in 0..<Int((seconds * 25).rounded()) {
      try writer.append(Support.pattern(width: 160, height: 120, frame: index))
    }
    try writer.finish()
  }

  /// The start times of the video and audio streams, and the audio stream.
  func starts(_ url: URL) throws -> (video: Double, audio: Double, stream: [String: Any]) {
    let (video, audio) = try Support.streams(url)
    let stream = try #require(audio)
    return (
      try #require(Support.number(video["start_time"])),
      try #require(Support.number(stream["start_time"])), stream
    )
  }

  @Test func copiedAudioIsBitExactAndStartsWithThePicture() throws {
    let directory = try Scratch.directory()
    let source = try Support.makeClip(in: directory, name: "in.mp4", seconds: 2)
    let url = directory.appendingPathComponent("out.mp4")
    try write(url, seconds: 2, audio: .copy(AudioCopy(url: source)))

    let (videoStart, audioStart, audio) = try starts(url)
    #expect(audio["codec_name"] as? String == "aac")
    #expect(abs(audioStart - videoStart) <= 1024.0 / 44_100)
    #expect(try Support.audioPacketHash(url) == Support.audioPacketHash(source))
    let duration = try #require(Support.number(audio["duration"]))
    #expect(abs(duration - 2) <= 1024.0 / 44_100)
  }

  @Test func aCopiedRangeKeepsTheWholePacketsItTouches() throws {
    let directory = try Scratch.directory()
    let source = try Support.makeClip(in: directory, name: "in.mp4", seconds: 2)
    let url = directory.appendingPathComponent("out.mp4")
    try write(url, seconds: 1, audio: .copy(AudioCopy(url: source, range: 0.5..<1.5)))

    let (videoStart, audioStart, audio) = try starts(url)
    #expect(abs(audioStart - videoStart) <= 1024.0 / 44_100)
    // Packet boundaries: at most one packet more at each end.
    let duration = try #require(Support.number(audio["duration"]))
    #expect(duration >= 1 - 1e-3 && duration <= 1 + 2 * 1024.0 / 44_100, "\(duration) s")
  }

  @Test func aMixCutsItsSourceExactlyAndEncodesAAC() throws {
    let directory = try Scratch.directory()
    let source = try Support.makeClip(in: directory, name: "in.mp4", seconds: 2, rising: true)
    let url = directory.appendingPathComponent("out.mp4")
    let mix = AudioMix(sources: [AudioTrackSource(url: source, range: 0.5..<1.7)])
    try write(url, seconds: 1.2, audio: .mix(mix))

    let (videoStart, audioStart, audio) = try starts(url)
    #expect(audio["codec_name"] as? String == "aac")
    #expect(audio["sample_rate"] as? String == "48000")
    #expect(audio["channels"] as? Int == 2)
    #expect(abs(audioStart - videoStart) <= 1024.0 / 48_000)
    let duration = try #require(Support.number(audio["duration"]))
    #expect(abs(duration - 1.2) <= 1024.0 / 48_000, "\(duration) s")
    // What a player decodes: 1.2 s of samples, priming removed.
    let samples = try Support.decodedAudio(url)
    #expect(abs(samples.count - 57_600) <= 1024, "\(samples.count) samples")
    // The source's level rises in proportion to time, so the level of the first and last
    // 50 ms says where the cuts were made: source times 0.5-0.55 s and 1.65-1.7 s, within
    // about 5 ms (1% of the level at 0.525 s, 0.3% at 1.675 s; a cut 10 ms late reads 2.3%).
    let head = Self.rms(of: samples[0..<2_400])
    let tail = Self.rms(of: samples[55_200..<57_600])
    let fullScale = 32_768 * 0.4 / 2.0.squareRoot()
    #expect(abs(head / (fullScale * 0.525) - 1) < 0.01, "head level \(head)")
    #expect(abs(tail / (fullScale * 1.675) - 1) < 0.003, "tail level \(tail)")
  }

  @Test func aMixPlaysClipsInSequenceOverMusic() throws {
    let directory = try Scratch.directory()
    let first = try Support.makeClip(in: directory, name: "a.mp4", seconds: 2, frequency: 440)
    let second = try Support.makeClip(
      in: directory, name: "b.mov", seconds: 2, sampleRate: 48_000, frequency: 1_000)
    let music = try Support.makeClip(
      in: directory, name: "music.mp4", seconds: 3, audio: "libmp3lame", frequency: 110)
    let mix = AudioMix(sources: [
      AudioTrackSource(url: first, range: 0..<1),
      AudioTrackSource(url: second, range: 0.5..<1.5, start: 1),
      AudioTrackSource(url: music, range: 0.25..<2.25, volume: 0.2),
    ])
    let url = directory.appendingPathComponent("out.mp4")
    try write(url, seconds: 2, audio: .mix(mix))

    let samples = try Support.decodedAudio(url)
    #expect(abs(samples.count - 96_000) <= 1024, "\(samples.count) samples")
    // Each half carries its clip's tone (counted by zero crossings, which the quieter, lower
    // music does not add to).
    let firstHalf = Self.frequency(of: samples[4_800..<43_200], rate: 48_000)
    let secondHalf = Self.frequency(of: samples[52_800..<91_200], rate: 48_000)
    #expect(abs(firstHalf - 440) < 15, "\(firstHalf) Hz")
    #expect(abs(secondHalf - 1_000) < 15, "\(secondHalf) Hz")
  }

  @Test func volumeScalesTheLevel() throws {
    let directory = try Scratch.directory()
    let source = try Support.makeClip(in: directory, name: "in.mp4", seconds: 1)
    var levels: [Double] = []
    for volume in [1.0, 0.5] {
      let url = directory.appendingPathComponent("out-\(volume).mp4")
      let mix = AudioMix(sources: [AudioTrackSource(url: source, volume: volume)])
      try write(url, seconds: 1, audio: .mix(mix))
      let samples = try Support.decodedAudio(url)
      levels.append(Self.rms(of: samples[4_800..<43_200]))
    }
    #expect(abs(levels[1] / levels[0] - 0.5) < 0.02, "\(levels)")
  }

  @Test func aMixWithADurationPadsWithSilence() throws {
    let directory = try Scratch.directory()
    let source = try Support.makeClip(in: directory, name: "in.mp4", seconds: 1)
    let url = directory.appendingPathComponent("out.mp4")
    let mix = AudioMix(
      sources: [AudioTrackSource(url: source, start: 0.5)], channels: .mono, duration: 2)
    try write(url, seconds: 2, audio: .mix(mix))

    let (_, _, audio) = try starts(url)
    #expect(audio["channels"] as? Int == 1)
    let samples = try Support.decodedAudio(url)
    #expect(abs(samples.count - 96_000) <= 1024, "\(samples.count) samples")
    // Silence before the source starts and after it ends; the tone in between.
    #expect(Self.rms(of: samples[0..<22_000]) < 1)
    #expect(Self.rms(of: samples[26_000..<70_000]) > 1_000)
    #expect(Self.rms(of: samples[74_000..<96_000]) < 1)
  }

  @Test func hevcInMOVCarriesCopiedAudio() throws {
    let directory = try Scratch.directory()
    let source = try Support.makeClip(in: directory, name: "in.mp4", seconds: 1)
    let url = directory.appendingPathComponent("out.mov")
    let settings = VideoEncodeSettings(codec: .hevc, container: .mov, preset: "ultrafast")
    let writer = try VideoWriter(
      url: url, width: 160, height: 120, settings: settings,
      audio: .copy(AudioCopy(url: source)))
    for index in 0..<30 {
      try writer.append(Support.pattern(width: 160, height: 120, frame: index))
    }
    try writer.finish()

    let (video, audio) = try Support.streams(url)
    #expect(video["codec_name"] as? String == "hevc")
    #expect(audio?["codec_name"] as? String == "aac")
    #expect(try Support.audioPacketHash(url) == Support.audioPacketHash(source))
  }

  static func rms(of samples: ArraySlice<Int16>) -> Double {
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(max(samples.count, 1))).squareRoot()
  }

  /// A tone's frequency from the rate of its rising zero crossings.
  static func frequency(of samples: ArraySlice<Int16>, rate: Int) -> Double {
    var crossings = 0
    var previous = samples.first ?? 0
    for sample in samples.dropFirst() {
      if previous < 0 && sample >= 0 { crossings += 1 }
      previous = sample
    }
    return Double(crossings) * Double(rate) / Double(samples.count)
  }
}
