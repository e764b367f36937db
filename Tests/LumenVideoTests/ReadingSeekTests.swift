import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo
import Testing

/// The exact frame at a time: the one whose span (its timestamp up to the next frame's, as
/// ffprobe lists them) contains the moment, whichever way the scrubbing goes.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ReadingSeekTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let clip: @Sendable () throws -> URL
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "H.264 with B-frames, keyframe every 12", clip: ReadingClips.h264),
    Case(name: "variable frame rate", clip: ReadingClips.variableRate),
    Case(name: "VP9 in WebM", clip: ReadingClips.webM),
  ]

  /// Moments forwards, backwards, within one frame, on frame boundaries and at both ends.
  static let moments: [Double] = [
    1.0, 0.3, 0.31, 0.52, 1.99, 0, 0.04, 0.079, 1.5, 0.96, 0.44, 2.0, 0.7, 1.1, 0.12,
  ]

  @Test(arguments: cases)
  func frameAtTimeIsTheOneShownThen(_ test: Case) throws {
    let clip = try test.clip()
    let timestamps = try ReadingOracle.frameTimestamps(clip)
    let reader = try VideoFrameReader(contentsOf: clip)
    let start = reader.info.video.startTimestamp
    let tick = reader.info.video.timeBase.value
    for moment in Self.moments where moment <= reader.info.duration.seconds {
      let frame = try reader.frame(atSeconds: moment)
      let shown = timestamps.lastIndex { Double($0 - start) * tick <= moment + 1e-9 } ?? 0
      #expect(
        frame.timestamp == timestamps[shown], "at \(moment) s: got \(frame.timestamp)")
    }
  }

  /// The frame found by time has the pixels of ffmpeg's frame of that number.
  @Test func frameAtTimeHasTheRightPixels() throws {
    let clip = try ReadingClips.h264()
    let reader = try VideoFrameReader(contentsOf: clip)
    for (moment, index) in [(1.43, 35), (0.5, 12), (0.47, 11)] {
      let ours = try reader.frame(atSeconds: moment).bitmap
      let reference = try ReadingOracle.referenceFrame(
        clip, index: index, width: ours.width, height: ours.height)
      let psnr = LumenTestSupport.psnr(ours, reference)
      #expect(psnr >= 40, "at \(moment) s: PSNR \(psnr) dB against frame \(index)")
    }
  }

  @Test func normalisedTimesSpanFirstToLastFrame() throws {
    let clip = try ReadingClips.variableRate()
    let timestamps = try ReadingOracle.frameTimestamps(clip)
    let asset = try VideoAsset(contentsOf: clip)
    #expect(try asset.frame(at: 0).timestamp == timestamps.first)
    #expect(try asset.frame(at: 1).timestamp == timestamps.last)
    let reader = try asset.makeReader()
    let middle = try reader.frame(at: 0.5)
    let half = asset.info.duration.seconds / 2
    #expect(middle.time.seconds <= half && half < middle.endTime.seconds)
  }

  @Test func nextContinuesAfterTheFrameFound() throws {
    let clip = try ReadingClips.h264()
    let timestamps = try ReadingOracle.frameTimestamps(clip)
    let reader = try VideoFrameReader(contentsOf: clip)
    _ = try reader.frame(atSeconds: 1.0)
    #expect(try reader.next()?.timestamp == timestamps[26])
    #expect(try reader.next()?.timestamp == timestamps[27])
  }

  @Test func timesOutsideTheMovieAreRefused() throws {
    let clip = try ReadingClips.h264()
    let reader = try VideoFrameReader(contentsOf: clip)
    for moment in [-0.5, 2.5, .nan] {
      #expect(throws: VideoError.self) { try reader.frame(atSeconds: moment) }
    }
    #expect(throws: VideoError.timeOutOfRange(file: clip.path, seconds: 3, duration: 2)) {
      try reader.frame(at: 1.5)
    }
  }
}
