import LumenCommandLine

/// The `lumen` command: the photo commands run here; the video commands run in `lumen-video`
/// (``VideoTool``), so that photo commands start without loading FFmpeg.
@main
enum Lumen {
  static let root = Command(
    name: "lumen",
    summary: "Photo and video editing: filters, looks and LUTs, edit documents, movies.",
    subcommands: [
      RenderCommand.command, FiltersCommand.command, InfoCommand.command, LooksCommand.command,
      LutCommand.command, EditCommand.command, DocCommand.command, TextCommand.command,
      AssetsCommand.command,
      VideoTool.placeholder, DemoCommand.command,
    ])

  static func main() {
    let words = Array(CommandLine.arguments.dropFirst())
    if VideoTool.isAsked(by: words) {
      do { try VideoTool.launch(words) } catch { CommandLineTool.fail(error) }
    }
    CommandLineTool.main(root, words: words)
  }
}
