import CFFmpeg

/// FFmpeg's integer return codes and special values, shared by reading and writing (each side
/// turns errors into its own typed error: ``ReaderCall``, ``WriterCall``).
enum FFmpegCode {
  /// The codec needs the other direction first (more input, or its output drained).
  static let again = lumen_averror(EAGAIN)
  /// Nothing more will come out.
  static let endOfFile = lumen_averror_eof()
  /// The data breaks the format's rules.
  static let invalidData = lumen_averror_invaliddata()
  /// An unset timestamp.
  static let noTimestamp = lumen_nopts_value()

  /// FFmpeg's description of `code`. A bare -1, which many demuxers and codecs return for
  /// any failure, is AVERROR(EPERM) by number; it is not called "Operation not permitted".
  static func message(_ code: Int32) -> String {
    guard code != lumen_averror(EPERM) else { return "FFmpeg gave no reason (error -1)" }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
      guard let base = buffer.baseAddress, av_strerror(code, base, buffer.count) == 0 else {
        return "error \(code)"
      }
      return String(cString: base)
    }
  }
}
