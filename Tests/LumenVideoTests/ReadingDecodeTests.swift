import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo
import Testing

/// Frames decoded by Lumen against ffmpeg's own decode of the same clips: every codec and
/// container, 8-bit and 10-bit, and frames deep inside a group of pictures.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ReadingDecodeTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let clip: @Sendable () throws -> URL
    let codec: String
    var deep = false
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "H.264 in MP4", clip: ReadingClips.h264, codec: "h264"),
    Case(name: "H.264 in Matroska", clip: ReadingClips.matroska, codec: "h264"),
    Case(name: "VP9 in WebM", clip: ReadingClips.webM, codec: "vp9"),
    Case(name: "HEVC in MP4", clip: ReadingClips.hevc, codec: "hevc"),
    Case(name: "AV1 in Matroska", clip: ReadingClips.av1, codec: "av1"),
    Case(name: "ProRes 422 10-bit in MOV", clip: ReadingClips.proRes, codec: "prores", deep: true),
  ]

  /// Frames 0 (a keyframe), 5 and 9 (between keyframes: B- or P-frames) equal ffmpeg's
  /// decode converted to RGB (RGB48 for 10-bit video, which Lumen delivers as 16-bit).
  @Test(arguments: cases)
  func framesMatchFFmpeg(_ test: Case) throws {
    let clip = try test.clip()
    let reader = try VideoFrameReader(contentsOf: clip)
    #expect(reader.info.video.codec == test.codec)
    var frames: [VideoFrame] = []
    while frames.count < 10, let frame = try reader.next() { frames.append(frame) }
    try #require(frames.count == 10)
    for index in [0, 5, 9] {
      let frame = frames[index]
      #expect(frame.bitmap.format == (test.deep ? .rgb16 : .rgb8))
      let ours = try ReadingSupport.upright(frame, format: test.deep ? .rgb16 : .rgb8)
      let reference = try ReadingOracle.referenceFrame(
        clip, index: index, deep: test.deep, width: ours.width, height: ours.height)
      let psnr = LumenTestSupport.psnr(ours, reference)
      #expect(psnr >= 40, "\(test.name) frame \(index): PSNR \(psnr) dB")
    }
  }

  /// Decoding on several threads (the default) gives the same frames, bit for bit, as one.
  @Test func threadCountDoesNotChangeFrames() throws {
    let clip = try ReadingClips.h264()
    let threaded = try VideoFrameReader(contentsOf: clip)
    let single = try VideoFrameReader(contentsOf: clip, decoderThreads: 1)
    var count = 0
    while let a = try threaded.next() {
      let b = try #require(try single.next())
      #expect(a.timestamp == b.timestamp)
      let same = a.bitmap.withUnsafeBytes { x in
        b.bitmap.withUnsafeBytes { y in x.elementsEqual(y) }
      }
      #expect(same, "frame \(count) differs")
      count += 1
    }
    #expect(try single.next() == nil)
    #expect(count == 50)
  }

  /// The comparison can fail: a neighbouring frame of the pattern is far below 40 dB.
  @Test func neighbouringFramesDiffer() throws {
    let clip = try ReadingClips.h264()
    let reader = try VideoFrameReader(contentsOf: clip)
    let frame = try #require(try reader.next())
    let ours = try ReadingSupport.upright(frame)
    let neighbour = try ReadingOracle.referenceFrame(
      clip, index: 1, width: ours.width, height: ours.height)
    #expect(psnr(ours, neighbour) < 30)
  }

  /// Reading to the end yields every frame ffprobe sees, with its timestamp, in order; each
  /// frame lasts until the next one starts.
  @Test(arguments: [
    Case(name: "H.264 with B-frames", clip: ReadingClips.h264, codec: "h264"),
    Case(name: "VP9 in WebM", clip: ReadingClips.webM, codec: "vp9"),
    Case(name: "variable frame rate", clip: ReadingClips.variableRate, codec: "h264"),
  ])
  func timestampsMatchFFprobe(_ test: Case) throws {
    let clip = try test.clip()
    let expected = try ReadingOracle.frameTimestamps(clip)
    let reader = try VideoFrameReader(contentsOf: clip)
    var frames: [VideoFrame] = []
    while let frame = try reader.next() { frames.append(frame) }
    #expect(frames.map(\.timestamp) == expected)
    for (frame, next) in zip(frames, frames.dropFirst()) {
      #expect(frame.endTime == next.time, "\(frame.time) + \(frame.duration) != \(next.time)")
    }
    let start = reader.info.video.startTimestamp
    let tick = reader.info.video.timeBase
    for frame in frames {
      let seconds = Double(frame.timestamp - start) * tick.value
      #expect(abs(frame.time.seconds - seconds) < 1e-9)
    }
  }
}
