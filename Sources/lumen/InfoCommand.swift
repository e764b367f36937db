import Foundation
import LumenCodecs
import LumenCommandLine

/// `lumen info IN [--json]`: what the file's headers say, without decoding pixels.
enum InfoCommand {
  static let command = Command(
    name: "info", summary: "Size, format, orientation and colour profile of images.",
    positionals: .oneOrMore("IN", help: "the image files, read without decoding pixels"),
    options: [.flag("json", help: "one JSON object per file")],
    run: run)

  static func run(_ args: ParsedArguments) throws {
    for path in args.positional {
      let info = try ImageFile.info(URL(fileURLWithPath: path))
      // Typed values: numbers and booleans stay JSON numbers and booleans with --json.
      let fields: [(String, Any)] = [
        ("file", path), ("format", "\(info.format)"), ("width", info.width),
        ("height", info.height), ("orientation", info.orientation.rawValue),
        ("bitDepth", info.bitDepth), ("alpha", info.hasAlpha),
        ("profile", info.profileDescription ?? "none (sRGB assumed)"),
      ]
      if args.has("json") {
        let object = Dictionary(uniqueKeysWithValues: fields)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
      } else {
        for (key, value) in fields {
          print("\(key.padding(toLength: 12, withPad: " ", startingAt: 0)) \(value)")
        }
        print()
      }
    }
  }
}
