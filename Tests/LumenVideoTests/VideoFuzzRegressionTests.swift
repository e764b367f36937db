import Foundation
import LumenTestSupport
import LumenVideo
import Testing

/// Inputs the video fuzzer (scripts/fuzz.sh video) found, kept in fuzz/regressions/video/. The
/// fixes belong to LumenVideo; until they land each test is a known issue (a fixed one fails
/// as "not recorded", so that its wrapper is removed).
struct VideoFuzzRegressionTests {
  static func input(_ name: String) -> URL {
    PackagePaths.root.appendingPathComponent("fuzz/regressions/video/\(name)")
  }

  /// Movies whose video is 0x0 (an MPEG-2 transport stream; 16 bytes FFmpeg takes for a
  /// stream): opening them must refuse the stream (every command then divides by its size:
  /// `video thumbs` dies converting NaN to Int).
  @Test(arguments: ["mpeg2-0x0.ts", "16-bytes-0x0"])
  func zeroSizedVideoIsRefused(_ name: String) {
    withKnownIssue("video: VideoAsset accepts a 0x0 video stream") {
      do {
        let movie = try VideoAsset(contentsOf: Self.input(name))
        #expect(movie.info.video.width > 0 && movie.info.video.height > 0)
      } catch {
        // Refused with a VideoError: what the fix does.
      }
    }
  }
}
