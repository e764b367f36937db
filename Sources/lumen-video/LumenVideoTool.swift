import LumenCommandLine

/// `lumen-video`: the video commands, run by `lumen video ...` (``VideoTool``) with the same
/// words, so that help and messages read as `lumen video`.
@main
enum LumenVideoTool {
  static let root = Command(
    name: "lumen", summary: VideoTool.summary, subcommands: [VideoCommand.command])

  static func main() {
    CommandLineTool.main(root, words: Array(CommandLine.arguments.dropFirst()))
  }
}
