import CFFmpeg

/// The versions of the FFmpeg libraries Lumen was linked against, for `lumen video info`
/// and bug reports.
public enum FFmpegLibraries {
  /// "libavformat 59.27.100, libavcodec 59.37.100, ..." as the loaded libraries report them.
  public static var versions: String {
    func describe(_ name: String, _ version: UInt32) -> String {
      "\(name) \(version >> 16).\((version >> 8) & 0xff).\(version & 0xff)"
    }
    return [
      describe("libavformat", avformat_version()), describe("libavcodec", avcodec_version()),
      describe("libavutil", avutil_version()), describe("libswscale", swscale_version()),
      describe("libswresample", swresample_version()),
    ].joined(separator: ", ")
  }
}
