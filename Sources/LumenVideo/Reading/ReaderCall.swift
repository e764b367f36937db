import CFFmpeg

/// FFmpeg's errors, seen from the reading side: as ``VideoError``s.
enum ReaderCall {
  /// Returns `code` when it is not an error; otherwise throws what it means for `file`.
  @discardableResult
  static func check(_ code: Int32, file: String, _ operation: String) throws(VideoError) -> Int32 {
    guard code < 0 else { return code }
    throw error(code, file: file, operation)
  }

  /// What the error `code` means for `file`: invalid data is corruption, anything else a
  /// failure of `operation`.
  static func error(_ code: Int32, file: String, _ operation: String) -> VideoError {
    if code == FFmpegCode.invalidData {
      return .corrupt(file: file, detail: "\(operation) failed: \(FFmpegCode.message(code))")
    }
    return .ffmpeg(file: file, operation: operation, message: FFmpegCode.message(code))
  }
}
