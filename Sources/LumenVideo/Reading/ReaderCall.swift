import CFFmpeg

/// FFmpeg's integer return codes, seen from the reading side.
enum ReaderCall {
  /// The decoder needs the other direction first (more input, or its output drained).
  static let again = lumen_read_averror_eagain()
  /// Nothing more will come out.
  static let endOfFile = lumen_read_averror_eof()
  /// The data breaks the format's rules.
  static let invalidData = lumen_read_averror_invaliddata()
  /// An unset timestamp.
  static let noTimestamp = lumen_read_nopts_value()

  /// FFmpeg's description of `code`.
  static func message(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
      guard let base = buffer.baseAddress, av_strerror(code, base, buffer.count) == 0 else {
        return "error \(code)"
      }
      return String(cString: base)
    }
  }

  /// Returns `code` when it is not an error; otherwise throws what it means for `file`.
  @discardableResult
  static func check(_ code: Int32, file: String, _ operation: String) throws(VideoError) -> Int32 {
    guard code < 0 else { return code }
    throw error(code, file: file, operation)
  }

  /// What the error `code` means for `file`: invalid data is corruption, anything else a
  /// failure of `operation`.
  static func error(_ code: Int32, file: String, _ operation: String) -> VideoError {
    if code == invalidData {
      return .corrupt(file: file, detail: "\(operation) failed: \(message(code))")
    }
    return .ffmpeg(file: file, operation: operation, message: message(code))
  }
}
