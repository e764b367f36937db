import Testing

@testable import LumenVideo

/// FFmpeg's return codes in words.
@Suite struct FFmpegCodeTests {
  /// FFmpeg's bare -1 is EPERM by number, but never about permissions (seek errors were
  /// blamed on "Operation not permitted").
  @Test func aBareFailureIsNotCalledAPermissionProblem() {
    #expect(FFmpegCode.message(-1) == "FFmpeg gave no reason (error -1)")
    #expect(FFmpegCode.message(FFmpegCode.invalidData).contains("Invalid data"))
  }
}
