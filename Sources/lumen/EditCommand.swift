import Foundation
import LumenCodecs
import LumenCore
import LumenEdit

/// `lumen edit IN --doc edit.json -o OUT [--preview PIXELS]`: renders an edit document over a
/// photo; the photo is never modified.
enum EditCommand {
  static let command = Command(
    name: "edit", summary: "Renders an edit document over a photo, leaving it untouched.",
    positionals: .one("IN", help: "the photo"),
    options: [
      .value("doc", "EDIT.json", .path, required: true, help: "the edit document"),
      .value(
        "output", short: "o", "OUT", .path, required: true,
        help: "the file to write; its extension picks the format"),
      .value(
        "preview", "PIXELS", .integer(16...65_536),
        help: "renders a preview whose long side is PIXELS, decoding at a reduced scale when "
          + "the format allows"),
      .value("quality", short: "q", "Q", .integer(1...100), default: "90", help: "lossy quality"),
      .flag("overwrite", help: "replaces OUT when it exists"),
    ],
    notes: "Geometry and effects are normalised, so a preview matches the full export scaled down.",
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let input = try args.firstPositional()
    let docPath = try args.required("doc")
    let output = try args.required("output")
    let preview = args.integer("preview")
    let quality = args.integer("quality") ?? 90
    let document = try DocCommand.read(URL(fileURLWithPath: docPath))
    let session = EditSession(
      contentsOf: URL(fileURLWithPath: input), previewLongSide: preview ?? 1280,
      resources: .standard(directory: URL(fileURLWithPath: docPath).deletingLastPathComponent()) {
        try Photo(contentsOf: $0).image
      })
    try session.export(
      document, to: URL(fileURLWithPath: output), atPreviewSize: preview != nil,
      options: EncodeOptions(quality: quality), overwrite: args.has("overwrite"),
      progress: ProgressBar.isUseful ? ProgressBar("editing") : nil)
  }
}
