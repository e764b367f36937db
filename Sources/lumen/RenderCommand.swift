import Foundation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenFilters

/// `lumen render IN -o OUT [--filter 'name key=value' ...] [--size N] [--quality Q] ...`: one
/// photo through filters and an optional LUT.
enum RenderCommand {
  static let command = Command(
    name: "render", summary: "Filters a photo and writes it in any format and size.",
    positionals: .one("IN", help: "the photo to read (JPEG, PNG, WebP, HEIC, ...)"),
    options: [
      .value(
        "output", short: "o", "OUT", .path, required: true,
        help: "the file to write; its extension picks the format"),
      .value(
        "filter", short: "f", "'NAME key=value ...'", .text, repeatable: true,
        help: "a filter and its parameters (see `lumen filters`); filters run in the order given"),
      .value(
        "size", "PIXELS", .integer(1...65_536),
        help: "fits the long side first, decoding at a reduced scale when the format allows, so "
          + "filters see the smaller image"),
      .flag("keep-profile", help: "keeps the photo's colour profile instead of converting to sRGB"),
      .flag(
        "overwrite",
        help: "allows OUT to be a file the command reads (IN or the --look LUT); an existing "
          + "OUT is replaced anyway"),
      .value("threads", "N", .integer(1...256), help: "render threads; by default one per core"),
      .value(
        "max-megapixels", "N", .integer(1...100_000),
        help: "refuses larger inputs before any pixel is decoded; by default 2^28 pixels for "
          + "pictures decoded whole, 2^31 for JPEG and PNG streamed top to bottom"),
      AdjustOption.option,
    ] + EncodingOptions.options + LookOption.options,
    notes: """
      --look applies a LUT after the filters: a .cube file, or a LUT image (e.g. a graded copy \
      of `lumen lut identity`) whose layout --look-layout declares (images are never guessed).
      OUT appears complete or not at all (an interrupted or failed render leaves the previous \
      file as it was); when OUT is a symbolic link, the file it points to is replaced and the \
      link kept; a replaced file keeps its permissions and owner.

      """ + EncodingOptions.policy,
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let input = try args.firstPositional()
    let output = try args.required("output")
    if !args.has("overwrite") {
      try FileIdentity.refuseOverwriting([input] + args.strings("look"), with: output)
    }
    let size = args.integer("size")
    let threads = args.integer("threads")
    var decoding = DecodeOptions(streaming: true)
    if let limit = args.integer("max-megapixels") {
      decoding.maxPixelCount = limit * 1_000_000
    }
    let filters = try args.strings("filter").map(FiltersCommand.filter(parsing:))
    let adjustments = try AdjustOption.adjustments(args)
    let look = try LookOption(args)

    let photo = try Photo(contentsOf: URL(fileURLWithPath: input), fitting: size, options: decoding)
    var image = photo.image
    if let size { image = image.fitting(longSide: size) }
    image = try image.filtered(by: filters)
    if let adjustments { image = try AdjustOption.apply(adjustments, to: image) }
    if let look { image = look.apply(to: image) }

    var options = EncodingOptions.encoding(args).options
    if args.has("keep-profile"), let profile = photo.decoded.iccProfile {
      options.profile = .keepSource(profile)
    }
    let context = threads.map { RenderContext(threadCount: $0) } ?? RenderContext()
    try photo.export(
      image, to: URL(fileURLWithPath: output), options: options, overwrite: args.has("overwrite"),
      context: context, progress: ProgressBar.isUseful ? ProgressBar("rendering") : nil)
  }
}
