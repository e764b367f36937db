import Foundation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenVideo

/// `lumen video frame IN (--at 0...1 | --time SECONDS) [--doc EDIT.json] -o OUT`: the exact
/// frame at a moment, upright, optionally edited, as an image file.
enum VideoFrameCommand {
  static func run(_ words: [String]) throws {
    let args = try Arguments(
      words, valued: ["at", "time", "doc", "o", "output", "quality", "q"], switches: ["overwrite"])
    guard args.positional.count == 1, let input = args.positional.first else {
      throw UsageError("video frame needs exactly one movie\n\(VideoCommand.usage)")
    }
    guard let output = args.value("o") ?? args.value("output") else {
      throw UsageError("video frame needs an output file: -o OUT")
    }
    let quality = try args.integer("quality", in: 1...100) ?? args.integer("q", in: 1...100) ?? 90
    let moment = try Moment(args)
    let document = try args.value("doc").map { try DocCommand.read(URL(fileURLWithPath: $0)) }
    let source = URL(fileURLWithPath: input)
    let writer = try ImageWriter(
      url: URL(fileURLWithPath: output), options: EncodeOptions(quality: quality), source: source,
      overwrite: args.has("overwrite"))
    try VideoOutput.checkWritable(output)

    let reader = try VideoFrameReader(contentsOf: source)
    let frame =
      switch moment {
      case .fraction(let fraction): try reader.frame(at: fraction)
      case .seconds(let seconds): try reader.frame(atSeconds: seconds)
      }
    var image = frame.image
    if let document, let docPath = args.value("doc") {
      let resources = EditResources.standard(
        directory: URL(fileURLWithPath: docPath).deletingLastPathComponent()
      ) { try Photo(contentsOf: $0).image }
      image = try document.apply(to: image, resources: resources)
    }
    do {
      try RenderContext().render(
        image, format: writer.preferredFormat(hasAlpha: !image.isOpaque), to: writer)
    } catch {
      writer.cancel()
      throw error
    }
    print(String(format: "%@: frame at %.3f s", output, frame.time.seconds))
  }

  /// Where the frame is: `--at` (normalised) or `--time` (from the start).
  enum Moment {
    case fraction(Double)
    case seconds(Double)

    init(_ args: Arguments) throws(UsageError) {
      switch (args.value("at"), args.value("time")) {
      case (let at?, nil):
        guard let fraction = Double(at), (0...1).contains(fraction) else {
          throw UsageError("--at must be a number in 0...1 (0 the first frame, 1 the last)")
        }
        self = .fraction(fraction)
      case (nil, let time?): self = .seconds(try VideoTime.seconds(parsing: time))
      case (nil, nil): throw UsageError("video frame needs --at 0...1 or --time SECONDS")
      case (_?, _?): throw UsageError("video frame takes --at or --time, not both")
      }
    }
  }
}
