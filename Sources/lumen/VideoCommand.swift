import Foundation
import LumenVideo

/// `lumen video ...`: movies on the command line. The first word names a subcommand; the
/// subcommands only parse and print, the work happens in LumenVideo.
enum VideoCommand {
  static let usage = """
    lumen video info IN... [--json] [--count-frames]
      Container, duration, video (codec, sizes, rotation, frame rates, frame count, pixel
      format, colour matrix and range) and audio streams, from the headers.
      --count-frames counts the frames exactly where the container only allows an estimate
      (Matroska, WebM), at the cost of reading the file.
    lumen video frame IN (--at 0...1 | --time SECONDS) [--doc EDIT.json] -o OUT
                     [--quality 1-100] [--overwrite]
      The exact frame shown at a normalised time (0 the first frame, 1 the last) or at a time
      from the start (3.2, 3.2s, 1500ms, 1:02.5), upright, optionally through an edit
      document, written as an image (format from the extension).
    lumen video thumbs IN -n COUNT -o STRIP [--height PIXELS] [--quality 1-100] [--overwrite]
      A strip of COUNT frames side by side, evenly spaced over the movie (each the frame in
      the middle of its share), each PIXELS high (default 120).
    \(VideoExportCommand.usage)
    FFmpeg's own messages are silenced; set LUMEN_FFMPEG_LOG to warning, info or debug to
    see them.
    """

  /// The subcommands by their first word.
  static let subcommands: [String: @Sendable ([String]) throws -> Void] = [
    "info": VideoInfoCommand.run,
    "frame": VideoFrameCommand.run,
    "thumbs": VideoThumbsCommand.run,
  ]

  static func run(_ words: [String]) throws {
    let level = ProcessInfo.processInfo.environment["LUMEN_FFMPEG_LOG"].flatMap { name in
      FFmpegLogLevel.allCases.first { "\($0)" == name }
    }
    FFmpegLibraries.logLevel = level ?? .quiet
    guard let first = words.first else { throw UsageError(usage) }
    guard let subcommand = subcommands[first] else {
      // Not a subcommand: the movies to export.
      return try VideoExportCommand.run(words)
    }
    try subcommand(Array(words.dropFirst()))
  }
}
