import Foundation
import LumenCodecs
import LumenCore
import LumenFilters

/// `lumen render IN -o OUT [--filter 'name key=value' ...] [--size N] [--quality Q] ...`
enum RenderCommand {
  static let usage = """
    lumen render IN -o OUT [--filter 'NAME key=value ...']... [--size PIXELS] [--quality 1-100]
                 [--progressive] [--444] [--lossless] [--strip-gps] [--keep-profile] [--overwrite]
                 [--threads N] [--max-megapixels N]
                 [--look LUT [--look-layout cube|hald|tiled8x8|tiled:TILESxLEVELS]
                  [--look-intensity 0...1] [--look-interpolation tetrahedral|trilinear]]
      Filters run in the order given (see `lumen filters`). --size fits the long side first,
      decoding at a reduced scale when the format allows, so filters see the smaller image.
      Inputs above --max-megapixels (default 256) are refused before any pixel is decoded.
      --look applies a LUT after the filters: a .cube file, or a LUT image (e.g. a graded copy
      of `lumen lut identity`) whose layout --look-layout declares (images are never guessed).
    """

  static func run(_ words: [String]) throws {
    let args = try Arguments(
      words,
      valued: [
        "o", "output", "filter", "f", "size", "quality", "q", "threads", "max-megapixels",
        "look", "look-layout", "look-intensity", "look-interpolation",
      ],
      switches: ["progressive", "444", "lossless", "strip-gps", "keep-profile", "overwrite"])
    guard args.positional.count == 1, let input = args.positional.first else {
      throw UsageError("render needs exactly one input file\n\(usage)")
    }
    guard let output = args.value("o") ?? args.value("output") else {
      throw UsageError("render needs an output file: -o OUT")
    }
    let size = try args.integer("size", in: 1...65_536)
    let quality = try args.integer("quality", in: 1...100) ?? args.integer("q", in: 1...100) ?? 90
    let threads = try args.integer("threads", in: 1...256)
    var decoding = DecodeOptions(streaming: true)
    if let limit = try args.integer("max-megapixels", in: 1...100_000) {
      decoding.maxPixelCount = limit * 1_000_000
    }
    let filters = try (args.all("filter") + args.all("f")).map {
      try FilterRegistry.standard.makeFilter(parsing: $0)
    }
    let look = try LookOption(args)

    let photo = try Photo(contentsOf: URL(fileURLWithPath: input), fitting: size, options: decoding)
    var image = photo.image
    if let size { image = image.fitting(longSide: size) }
    image = try image.filtered(by: filters)
    if let look { image = look.apply(to: image) }

    let options = EncodeOptions(
      quality: quality, chroma: args.has("444") ? .s444 : .s420,
      progressive: args.has("progressive"), lossless: args.has("lossless"),
      profile: args.has("keep-profile")
        ? photo.decoded.iccProfile.map { .keepSource($0) } ?? .sRGB : .sRGB,
      stripGPS: args.has("strip-gps"))
    let context = threads.map { RenderContext(threadCount: $0) } ?? RenderContext()
    try photo.export(
      image, to: URL(fileURLWithPath: output), options: options, overwrite: args.has("overwrite"),
      context: context, progress: ProgressBar.isUseful ? ProgressBar("rendering") : nil)
  }
}
