import Foundation

/// The `lumen` command: parses the subcommand and reports errors as one line.
@main
enum Lumen {
  static let usage = """
    usage: lumen <command> [options]
      render IN -o OUT [--filter 'NAME key=value']... [--size N] [--quality Q]
      filters [--json]        list the filters with their parameters
      info IN... [--json]     size, format, orientation and colour profile of image files
      lut ...                 3D LUTs: identity images, conversions (see `lumen lut --help`)
      looks IN -o SHEET       a contact sheet of the look library applied to IN
      edit IN --doc EDIT.json -o OUT [--preview N]   render an edit document over a photo
      doc validate|migrate|new                       edit documents
      video info|frame|thumbs ...                    movies: what they hold, exact frames,
                                                     thumbnail strips (see `lumen video --help`)
      demo [--out DIR]        render the bundled sample photos through several edits
    Run `lumen COMMAND --help` for a command's options.
    """

  static func main() {
    var words = Array(CommandLine.arguments.dropFirst())
    guard let command = words.first else {
      print(usage)
      exit(2)
    }
    words.removeFirst()
    do {
      if words.contains("--help") || words.contains("-h") {
        let help = [
          "render": RenderCommand.usage, "lut": LutCommand.usage, "looks": LooksCommand.usage,
          "edit": EditCommand.usage, "doc": DocCommand.usage,
          "video": VideoCommand.usage,
        ]
        print(help[command] ?? usage)
        return
      }
      switch command {
      case "render": try RenderCommand.run(words)
      case "filters": try FiltersCommand.run(words)
      case "info": try InfoCommand.run(words)
      case "demo": try DemoCommand.run(words)
      case "lut": try LutCommand.run(words)
      case "looks": try LooksCommand.run(words)
      case "edit": try EditCommand.run(words)
      case "doc": try DocCommand.run(words)
      case "video": try VideoCommand.run(words)
      case "help", "--help", "-h": print(usage)
      default: throw UsageError("unknown command \"\(command)\"\n\(usage)")
      }
    } catch let error as UsageError {
      FileHandle.standardError.write(Data("lumen: \(error)\n".utf8))
      exit(2)
    } catch {
      FileHandle.standardError.write(Data("lumen: error: \(error)\n".utf8))
      exit(1)
    }
  }
}
