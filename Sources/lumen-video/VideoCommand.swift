import Foundation
import LumenCommandLine
import LumenVideo

/// `lumen video ...`: movies on the command line. The first word names a subcommand; the
/// subcommands only parse and print, the work happens in LumenVideo.
enum VideoCommand {
  static let command = Command(
    name: VideoTool.name,
    summary: VideoTool.summary,
    positionals: VideoExportCommand.positionals,
    options: VideoExportCommand.options,
    notes: VideoExportCommand.notes + "\n\n" + ffmpegNote,
    subcommands: [VideoInfoCommand.command, VideoFrameCommand.command, VideoThumbsCommand.command],
    run: quietly(VideoExportCommand.run))

  static let ffmpegNote = """
    FFmpeg's own messages are silenced; set LUMEN_FFMPEG_LOG to warning, info or debug to \
    see them.
    """

  /// `run` with FFmpeg's log at the level LUMEN_FFMPEG_LOG names (silent by default).
  static func quietly(
    _ run: @escaping @Sendable (ParsedArguments) throws -> Void
  ) -> @Sendable (ParsedArguments) throws -> Void {
    { args in
      let level = ProcessInfo.processInfo.environment["LUMEN_FFMPEG_LOG"].flatMap { name in
        FFmpegLogLevel.allCases.first { "\($0)" == name }
      }
      FFmpegLibraries.logLevel = level ?? .quiet
      try run(args)
    }
  }
}
