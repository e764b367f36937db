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
}
