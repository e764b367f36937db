import Foundation
import LumenCodecs
import LumenCore
import LumenVideo

/// `lumen video thumbs IN -n COUNT -o STRIP [--height PIXELS]`: evenly spaced frames side by
/// side in one image, as a film strip.
enum VideoThumbsCommand {
  static func run(_ words: [String]) throws {
    let args = try Arguments(
      words, valued: ["n", "count", "o", "output", "height", "quality", "q"],
      switches: ["overwrite"])
    guard args.positional.count == 1, let input = args.positional.first else {
      throw UsageError("video thumbs needs exactly one movie\n\(VideoCommand.usage)")
    }
    guard let output = args.value("o") ?? args.value("output") else {
      throw UsageError("video thumbs needs an output file: -o STRIP")
    }
    guard let count = try args.integer("n", in: 1...1000) ?? args.integer("count", in: 1...1000)
    else { throw UsageError("video thumbs needs the number of frames: -n COUNT") }
    let height = try args.integer("height", in: 8...4096) ?? 120
    let quality = try args.integer("quality", in: 1...100) ?? args.integer("q", in: 1...100) ?? 90
    let source = URL(fileURLWithPath: input)
    try VideoOutput.checkWritable(output)

    let reader = try VideoFrameReader(contentsOf: source)
    let video = reader.info.video
    let width = max(
      1, Int((Double(height * video.displayWidth) / Double(video.displayHeight)).rounded()))
    var strip = SheetCanvas(width: width * count, height: height, background: [0, 0, 0])
    let renderer = RenderContext().renderer()
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
