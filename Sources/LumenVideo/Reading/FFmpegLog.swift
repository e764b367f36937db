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
  /// Quiet unless set: an app embedding Lumen should not find x264's banners and FFmpeg's
  /// notes on its standard error; Lumen's errors say what went wrong.
  public static var logLevel: FFmpegLogLevel {
    get {
      _ = quietUnlessSet
      return FFmpegLogLevel(rawValue: av_log_get_level()) ?? .info
    }
    set {
      _ = quietUnlessSet
      av_log_set_level(newValue.rawValue)
    }
  }

  /// The largest block FFmpeg may allocate at once: 512 MB, above anything a real movie needs
  /// (an 8K RGBA frame is 130 MB, ten hours of sample tables tens of MB), so that a forged
  /// count in a container fails to open instead of asking for gigabytes.
  public static let maxAllocation = 512 << 20

  /// Prepares FFmpeg once, before the first file is opened or the level is first set: quiet,
  /// and no allocation above ``maxAllocation``.
  static let quietUnlessSet: Void = {
    av_log_set_level(FFmpegLogLevel.quiet.rawValue)
    av_max_alloc(maxAllocation)
  }()
}
