import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo
import Testing

/// YCbCr becomes RGB with the matrix and range the stream is tagged with (or, untagged, the
/// one its size implies), as ffmpeg converts with the same tags.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ReadingColorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let matrix: String
    let range: String
    let expected: (YCbCrMatrix, YCbCrRange)
    /// An ffmpeg `scale` filter that converts with the wrong matrix or range.
    let wrong: String
    var testDescription: String { "\(matrix) \(range)" }
  }

  static let cases: [Case] = [
    Case(
      matrix: "smpte170m", range: "tv", expected: (.bt601, .limited),
      wrong: "scale=in_color_matrix=bt709"),
    Case(
      matrix: "bt709", range: "tv", expected: (.bt709, .limited),
      wrong: "scale=in_color_matrix=bt601"),
    Case(
      matrix: "bt709", range: "pc", expected: (.bt709, .full),
      wrong: "scale=in_color_matrix=bt709:in_range=tv"),
    Case(
      matrix: "smpte170m", range: "pc", expected: (.bt601, .full),
      wrong: "scale=in_color_matrix=bt601:in_range=tv"),
    Case(
      matrix: "bt2020nc", range: "tv", expected: (.bt2020, .limited),
      wrong: "scale=in_color_matrix=bt709"),
  ]

  /// Within a level of ffmpeg's conversion of the same tagged clip, and many levels from a
  /// conversion with the wrong matrix or range (so the comparison can fail).
  @Test(arguments: cases)
  func taggedClipsMatchFFmpeg(_ test: Case) throws {
    let clip = try ReadingClips.tagged(matrix: test.matrix, range: test.range)
    let reader = try VideoFrameReader(contentsOf: clip)
    let encoding = reader.info.video.encoding
    #expect(encoding.matrix == test.expected.0 && encoding.taggedMatrix == test.expected.0)
    #expect(encoding.range == test.expected.1 && encoding.taggedRange == test.expected.1)
    let frame = try #require(try reader.next())
    let reference = try ReadingOracle.referenceFrame(
      clip, index: 0, width: frame.bitmap.width, height: frame.bitmap.height)
    let difference = ReadingSupport.levelDifference(frame.bitmap, reference)
    #expect(difference.max <= 1 && difference.mean <= 0.1, "\(difference)")
    let wrong = try ReadingOracle.referenceFrame(
      clip, index: 0, filter: test.wrong, width: frame.bitmap.width, height: frame.bitmap.height)
    #expect(ReadingSupport.levelDifference(frame.bitmap, wrong).max >= 8)
  }

  /// Untagged HD reads as BT.709 (ffmpeg itself would assume BT.601 for any size, so it is
  /// told the matrix here).
  @Test func untaggedHDReadsAsBT709() throws {
    let clip = try ReadingClips.untaggedHD()
    let reader = try VideoFrameReader(contentsOf: clip)
    let encoding = reader.info.video.encoding
    #expect(encoding.taggedMatrix == nil && encoding.matrix == .bt709)
    #expect(encoding.taggedRange == nil && encoding.range == .limited)
    let frame = try #require(try reader.next())
    let reference = try ReadingOracle.referenceFrame(
      clip, index: 0, filter: "scale=in_color_matrix=bt709", width: 1280, height: 720)
    let difference = ReadingSupport.levelDifference(frame.bitmap, reference)
    #expect(difference.max <= 1 && difference.mean <= 0.1, "\(difference)")
  }

  /// Untagged standard definition reads as BT.601, ffmpeg's assumption.
  @Test func untaggedSDReadsAsBT601() throws {
    let reader = try VideoFrameReader(contentsOf: try ReadingClips.h264())
    #expect(reader.info.video.encoding.taggedMatrix == nil)
    #expect(reader.info.video.encoding.matrix == .bt601)
  }
}
