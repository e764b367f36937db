import CFFmpeg
import Foundation
import LumenTestSupport
import LumenVideo
import Testing

/// Inputs the video fuzzer (scripts/fuzz.sh video) found, kept in fuzz/regressions/video/.
struct VideoFuzzRegressionTests {
  static func input(_ name: String) -> URL {
    PackagePaths.root.appendingPathComponent("fuzz/regressions/video/\(name)")
  }

  /// Movies whose video is 0x0 (an MPEG-2 transport stream; 16 bytes FFmpeg takes for a
  /// stream): opening them refuses the stream (every command divides by its size: `video
  /// thumbs` died converting NaN to Int).
  @Test(arguments: ["mpeg2-0x0.ts", "16-bytes-0x0"])
  func zeroSizedVideoIsRefused(_ name: String) {
    #expect(throws: VideoError.self) { try VideoAsset(contentsOf: Self.input(name)) }
  }

  /// A 60-byte YUV4MPEG2 header claiming 12000x12000 (144 MP): refused on opening, before a
  /// frame of 576 MB (and FFmpeg's own planes) is allocated.
  @Test func aGiantPictureIsRefused() throws {
    let movie = try Scratch.directory().appendingPathComponent("giant.y4m")
    try Data("YUV4MPEG2 W12000 H12000 F25:1 Ip A1:1 C420jpeg\nFRAME\n".utf8).write(to: movie)
    let error = #expect(throws: VideoError.self) { try VideoAsset(contentsOf: movie) }
    #expect(
      "\(error.map { "\($0)" } ?? "")".contains("12000x12000"), "\(String(describing: error))")
  }

  /// A stream declaring 32x24 whose first picture decodes larger: the frame is refused (or
  /// has the declared size), never handed on at a size the rest of the pipeline did not plan.
  @Test func aPictureOfAnotherSizeIsRefused() throws {
    let movie = try VideoAsset(contentsOf: Self.input("picture-larger-than-declared"))
    let video = movie.info.video
    do {
      let frame = try movie.makeReader(decoderThreads: 1).frame(at: 0)
      #expect(frame.image.extent.width == video.displayWidth)
      #expect(frame.image.extent.height == video.displayHeight)
    } catch {
      #expect("\(error)".contains("declared"), "\(error)")
    }
  }

  /// An 8 KB MP4 whose forged sample tables made FFmpeg's demuxer ask for 1.7 GB at once
  /// (libFuzzer's allocation limit caught it): FFmpeg's allocations are capped at
  /// ``FFmpegLibraries/maxAllocation`` once any file is opened, and the movie is refused.
  @Test func forgedTablesCannotAskForGigabytes() throws {
    #expect(throws: VideoError.self) {
      try VideoAsset(contentsOf: Self.input("mp4-asks-1.7-gb"))
    }
    let over = av_malloc(FFmpegLibraries.maxAllocation + 1)
    #expect(over == nil)
    av_free(over)
    let frame = av_malloc(130 << 20)  // an 8K RGBA frame
    #expect(frame != nil)
    av_free(frame)
  }

  /// A 57-byte MP4 whose 'mdat' box declares a 64-bit size near 2^64: the completeness check
  /// computed the box's end and trapped on the overflow; the movie is now refused, the
  /// message stating the sizes.
  @Test func aGiantBoxSizeIsRefusedWithoutOverflow() {
    let error = #expect(throws: VideoError.self) {
      try VideoAsset(contentsOf: Self.input("mp4-64-bit-box-size-overflows"))
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("declares"), "\(String(describing: error))")
  }
}
