import LumenCodecs
import LumenJobs

/// The options of `render` and `edit` that say how the output is encoded, with help taken from
/// ``EncodeSetting`` (which format takes which setting) so that the two commands and the
/// refusals agree.
package enum EncodingOptions {
  /// `-q/--quality`, also offered by the commands that write stills (looks, video frames).
  package static let quality = Option.value(
    "quality", short: "q", "Q", .integer(PhotoEncoding.qualityRange),
    help: EncodeSetting.quality.help + "; \(EncodeOptions.defaultQuality) when not given")

  package static let options: [Option] = [
    quality,
    .flag("progressive", help: EncodeSetting.progressive.help),
    .flag("444", help: EncodeSetting.fullChroma.help),
    .flag("lossless", help: EncodeSetting.lossless.help),
    .value(
      "depth", "BITS", .choice(PhotoEncoding.bitDepths.map(String.init)),
      help: EncodeSetting.sixteenBit.help + "; by default a PNG keeps the input's depth"),
    .flag("strip-gps", help: "leaves out where the photo was taken (EXIF GPS)"),
    .flag(
      "strip-metadata",
      help: "leaves out all EXIF (camera, dates, place); keeps the colour profile"),
  ]

  /// How the options ask the output to be encoded.
  package static func encoding(_ args: ParsedArguments) -> PhotoEncoding {
    PhotoEncoding(
      quality: args.integer("quality"), progressive: args.has("progressive"),
      fullChroma: args.has("444"), lossless: args.has("lossless"),
      bitDepth: args.string("depth").flatMap { Int($0) }, stripsGPS: args.has("strip-gps"),
      stripsMetadata: args.has("strip-metadata"))
  }

  package static let policy = """
    Metadata: OUT keeps the photo's EXIF (camera, dates, GPS) without its thumbnail and maker \
    notes, with OUT's size and orientation 1; --strip-gps drops the position, --strip-metadata \
    all EXIF. The colour profile stays.
    """
}
