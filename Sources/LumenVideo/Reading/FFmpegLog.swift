import CFFmpeg

/// How much of FFmpeg's own diagnostics reach standard error, most to least severe. FFmpeg
/// prints by default down to `info`, including its notes on damaged data it conceals; Lumen's
/// errors already say what went wrong, so command-line tools turn them down.
public enum FFmpegLogLevel: Int32, Sendable, CaseIterable {
  case quiet = -8
  case panic = 0
  case fatal = 8
  case error = 16
  case warning = 24
  case info = 32
  case verbose = 40
  case debug = 48
}

extension FFmpegLibraries {
  /// The level of FFmpeg's messages that are printed; process-wide, as FFmpeg's logging is.
  public static var logLevel: FFmpegLogLevel {
    get { FFmpegLogLevel(rawValue: av_log_get_level()) ?? .info }
    set { av_log_set_level(newValue.rawValue) }
  }
}
