import Testing

@testable import LumenVideo

@Suite struct LibraryTests {
  @Test func linksTheFFmpegLibrariesOfDebian12() {
    // FFmpeg 5.1 ships libavformat 59 and libavcodec 59; the shims are written for that API.
    #expect(FFmpegLibraries.versions.hasPrefix("libavformat 59."))
    #expect(FFmpegLibraries.versions.contains("libavcodec 59."))
  }
}
