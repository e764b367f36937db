import CFFmpeg

/// FFmpeg's errors, seen from the writing side: negative return codes become
/// ``VideoWriterError/ffmpeg(file:operation:message:)`` with FFmpeg's own wording.
enum WriterCall {
  /// Returns `code` when it is not an error.
  @discardableResult
  static func check(_ code: Int32, file: String, _ operation: String) throws(VideoWriterError)
    -> Int32
  {
    guard code >= 0 else {
      throw .ffmpeg(file: file, operation: operation, message: FFmpegCode.message(code))
    }
    return code
  }
}
