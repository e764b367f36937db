import LumenCommandLine

/// The `lumen` command: the photo commands run here; the video commands run in `lumen-video`
/// and the HTTP service in `lumen-server` (``Companion``), so that photo commands start without
/// loading FFmpeg, libmicrohttpd or SQLite.
@main
enum Lumen {
  static let root = Command(
    name: "lumen",
    summary: "Photo and video editing: filters, looks and LUTs, edit documents, movies.",
    subcommands: [
      RenderCommand.command, FiltersCommand.command, InfoCommand.command, LooksCommand.command,
      LutCommand.command, EditCommand.command, DocCommand.command, TextCommand.command,
      AssetsCommand.command, TemplateCommand.command, BatchCommand.command,
      QueueCommands.enqueue, QueueCommands.worker, QueueCommands.queue, SymbolsCommand.command,
      VideoTool.companion.placeholder, ServeTool.companion.placeholder, DemoCommand.command,
    ])

  static func main() {
    let words = Array(CommandLine.arguments.dropFirst())
    for companion in [VideoTool.companion, ServeTool.companion] where companion.isAsked(by: words) {
      do { try companion.launch(words) } catch { CommandLineTool.fail(error) }
    }
    CommandLineTool.main(root, words: words)
  }
}
