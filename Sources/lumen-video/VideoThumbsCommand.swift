import Foundation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenVideo

/// `lumen video thumbs IN -n COUNT -o STRIP [--height PIXELS]`: evenly spaced frames side by
/// side in one image, as a film strip.
enum VideoThumbsCommand {
  static let command = Command(
    name: VideoTool.thumbs.name, summary: VideoTool.thumbs.summary,
    positionals: .one("IN", help: "the movie"),
    options: [
      .value("count", short: "n", "COUNT", .integer(1...1000), required: true, help: "frames"),
      .value(
        "output", short: "o", "STRIP", .path, required: true,
        help: "the image to write; its extension picks the format"),
      .value("height", "PIXELS", .integer(8...4096), default: "120", help: "each frame's height"),
      EncodingOptions.quality,
      .flag("overwrite", help: "replaces STRIP when it exists"),
    ],
    notes: "Each frame is the one in the middle of its equal share of the movie.",
    run: VideoCommand.quietly(run))

  static func run(_ args: ParsedArguments) throws {
    let input = try args.firstPositional()
    let output = try args.required("output")
    guard let count = args.integer("count") else { throw UsageError("video thumbs needs -n COUNT") }
    let height = args.integer("height") ?? 120
    let quality = args.integer("quality")
    let source = URL(fileURLWithPath: input)
    try VideoOutput.checkWritable(output)

    let reader = try VideoFrameReader(contentsOf: source)
    let video = reader.info.video
    let context = RenderContext()
    let width = try VideoThumbsLayout.cellWidth(
      file: source.path, display: (video.displayWidth, video.displayHeight), height: height,
      count: count, budget: context.memoryBudget)
    var strip = SheetCanvas(width: width * count, height: height, background: [0, 0, 0])
    let renderer = context.renderer()
    for index in 0..<count {
      // The frame in the middle of each of `count` equal shares of the movie.
      let frame = try reader.frame(at: (Double(index) + 0.5) / Double(count))
      let thumbnail = try renderer.bitmap(
        of: frame.image.resized(width: width, height: height), format: .rgb8)
      strip.draw(thumbnail, x: index * width, y: 0)
      if ProgressBar.isUseful {
        FileHandle.standardError.write(Data("\rthumbs: \(index + 1)/\(count)".utf8))
      }
    }
    if ProgressBar.isUseful { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    try ImageFile.write(
      strip.bitmap, to: URL(fileURLWithPath: output), options: EncodeOptions(quality: quality),
      source: source, overwrite: args.has("overwrite"))
  }
}
