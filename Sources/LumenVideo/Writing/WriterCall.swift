import CFFmpeg

/// FFmpeg's integer return codes, seen from the writing side: negative values are errors that
/// become ``VideoWriterError/ffmpeg(file:operation:message:)`` with FFmpeg's own wording.
enum WriterCall {
  /// The codec needs the other direction first (more input, or its output drained).
  static let again = lumen_write_averror_eagain()
  /// Nothing more will come out.
  static let endOfFile = lumen_write_averror_eof()
  /// Damaged input that a decoder can skip.
  static let invalidData = lumen_write_averror_invaliddata()
  /// An unset timestamp.
  static let noTimestamp = lumen_write_nopts_value()

  /// FFmpeg's description of `code`.
  static func message(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
      guard let base = buffer.baseAddress, av_strerror(code, base, buffer.count) == 0 else {
        return "error \(code)"
      }
      return String(cString: base)
    }
  }

  /// Returns `code` when it is not an error.
  @discardableResult
  static func check(_ code: Int32, file: String, _ operation: String) throws(VideoWriterError)
    -> Int32
  {
    guard code >= 0 else {
      throw .ffmpeg(file: file, operation: operation, message: message(code))
    }
    return code
  }
}
