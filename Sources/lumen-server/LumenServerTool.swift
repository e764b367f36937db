import LumenCommandLine

/// `lumen-server`: the HTTP service, run by `lumen serve ...` (``ServeTool``) with the same
/// words, so that help and messages read as `lumen serve`.
@main
enum LumenServerTool {
  static let root = Command(
    name: "lumen", summary: ServeTool.companion.summary, subcommands: [ServeCommand.command])

  static func main() {
    CommandLineTool.main(root, words: Array(CommandLine.arguments.dropFirst()))
  }
}
