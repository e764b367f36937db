import Foundation
import LumenCodecs
import LumenCore
import LumenEdit

/// `lumen edit IN --doc edit.json -o OUT [--preview PIXELS]`: renders an edit document over a
/// photo; the photo is never modified.
enum EditCommand {
  static let usage = """
    lumen edit IN --doc EDIT.json -o OUT [--preview PIXELS] [--quality 1-100] [--overwrite]
      Applies the edit document to IN. --preview renders a preview whose long side is PIXELS
      (decoding at a reduced scale when the format allows); geometry and effects are
      normalised, so the preview matches the full export scaled down.
    """

  static func run(_ words: [String]) throws {
    let args = try Arguments(
      words, valued: ["doc", "o", "output", "preview", "quality"], switches: ["overwrite"])
    guard args.positional.count == 1, let input = args.positional.first else {
      throw UsageError("edit needs exactly one input photo\n\(usage)")
    }
    guard let docPath = args.value("doc") else { throw UsageError("edit needs --doc EDIT.json") }
    guard let output = args.value("o") ?? args.value("output") else {
      throw UsageError("edit needs an output file: -o OUT")
    }
    let preview = try args.integer("preview", in: 16...65_536)
    let quality = try args.integer("quality", in: 1...100) ?? 90
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
