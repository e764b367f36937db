import Foundation
import LumenAssets
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenEdit
import LumenVideo

/// `lumen video frame IN (--at 0...1 | --time SECONDS) [--doc EDIT.json] -o OUT`: the exact
/// frame at a moment, upright, optionally edited, as an image file.
enum VideoFrameCommand {
  static let command = Command(
    name: VideoTool.frame.name, summary: VideoTool.frame.summary,
    positionals: .one("IN", help: "the movie"),
    options: [
      .value("at", "X", .number(0...1), help: "the normalised time: 0 the first frame, 1 the last"),
      .value("time", "SECONDS", .text, help: "the time from the start: 3.2, 3.2s, 1500ms, 1:02.5"),
      .value("doc", "EDIT.json", .path, help: "an edit document applied to the frame"),
      .value(
        "output", short: "o", "OUT", .path, required: true,
        help: "the image to write; its extension picks the format"),
      EncodingOptions.quality,
      .flag("overwrite", help: "replaces OUT when it exists"),
      JobOptions.allow,
      JobOptions.assetSource,
    ],
    notes: "Give exactly one of --at and --time.",
    run: VideoCommand.quietly(run))

  static func run(_ args: ParsedArguments) throws {
    let input = try args.firstPositional()
    let output = try args.required("output")
    let quality = args.integer("quality")
    let moment = try Moment(args)
    let document = try args.string("doc").map { try DocumentFile.read(URL(fileURLWithPath: $0)) }
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
    let context = RenderContext()
    var image = frame.image
    if let document, let docPath = args.string("doc") {
      let folder = URL(fileURLWithPath: docPath).deletingLastPathComponent().path
      let resolver = ResourceResolver(
        base: URL(fileURLWithPath: folder),
        allowedRoots: JobOptions.roots(args, documentFolder: folder).map(
          URL.init(fileURLWithPath:)),
        assetSources: JobOptions.assetSources(args) ?? [])
      // The document as it is at the frame's moment: keyframes there, layers whose time span
      // includes it (as the export draws that frame).
      let moment = document.resolved(
        at: .seconds(frame.time.seconds), clipDuration: reader.info.duration.seconds)
      image = try moment.apply(to: image, resources: EditResources(resolver), context: context)
    }
    do {
      try context.render(
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

    init(_ args: ParsedArguments) throws(UsageError) {
      switch (args.number("at"), args.string("time")) {
      case (let fraction?, nil): self = .fraction(fraction)
      case (nil, let time?): self = .seconds(try VideoTime.seconds(parsing: time, option: "--time"))
      case (nil, nil): throw UsageError("video frame needs --at 0...1 or --time SECONDS")
      case (_?, _?): throw UsageError("video frame takes --at or --time, not both")
      }
    }
  }
}
