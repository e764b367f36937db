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
    let docURL = URL(fileURLWithPath: docPath)
    let document = try DocCommand.read(docURL)

    // Decode at twice the preview size at least, so the Lanczos filter, not the codec's
    // cruder DCT scaling, does most of the reduction and the preview matches the full export.
    let photo = try Photo(contentsOf: URL(fileURLWithPath: input), fitting: preview.map { 2 * $0 })
    var original = photo.image
    if let preview { original = original.fitting(longSide: preview) }
    let resources = EditResources.standard(directory: docURL.deletingLastPathComponent()) { url in
      try Photo(contentsOf: url).image
    }
    let edited = try document.apply(to: original, resources: resources)
    try photo.export(
      edited, to: URL(fileURLWithPath: output), options: EncodeOptions(quality: quality),
      overwrite: args.has("overwrite"),
      progress: ProgressBar.isUseful ? ProgressBar("editing") : nil)
  }
}
