import Foundation
import LumenCommandLine
import LumenEdit
import LumenJobs

/// `lumen edit IN --doc edit.json -o OUT [--preview PIXELS]`: renders an edit document over a
/// photo; the photo is never modified. The command builds a ``RenderJob`` and runs it.
enum EditCommand {
  static let command = Command(
    name: "edit", summary: "Renders an edit document over a photo, leaving it untouched.",
    positionals: Positionals(placeholder: "IN", count: 0...1, help: "the photo"),
    options: [
      .value("doc", "EDIT.json", .path, help: "the edit document"),
      .value(
        "output", short: "o", "OUT", .path,
        help: "the file to write; its extension picks the format"),
      .value(
        "preview", "PIXELS", .integer(RenderJob.previewRange),
        help: "renders a preview whose long side is PIXELS, decoding at a reduced scale when "
          + "the format allows"),
      .flag(
        "overwrite",
        help: "allows OUT to be a file the command reads (the photo, the document, a look or "
          + "layer image); an existing OUT is replaced anyway"),
    ] + EncodingOptions.options + JobOptions.options + [JobOptions.assetSource],
    notes: """
      Geometry and effects are normalised, so a preview matches the full export scaled down. \
      Give IN, --doc and -o, or --job JOB.json alone. OUT is written as `lumen render` writes \
      it: complete or not at all, through a symbolic link, keeping the permissions of the file \
      it replaces.

      """ + EncodingOptions.policy,
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let job = try JobOptions.job(args, RenderJob.self) { try Self.job(from: args) }
    if try JobOptions.printed(job, args) { return }
    try job.run(progress: ProgressBar.isUseful ? ProgressBar("editing") : nil)
  }

  /// The job the options describe, with absolute paths.
  private static func job(from args: ParsedArguments) throws -> RenderJob {
    guard let input = args.positional.first else {
      throw UsageError("edit needs the photo IN (or --job JOB.json)")
    }
    let docPath = try args.required("doc")
    let output = try args.required("output")
    let folder = JobOptions.absolute(URL(fileURLWithPath: docPath).deletingLastPathComponent().path)
    return RenderJob(
      input: JobOptions.absolute(input),
      document: try DocumentFile.read(URL(fileURLWithPath: docPath)),
      documentFile: JobOptions.absolute(docPath), output: JobOptions.absolute(output),
      resourceFolder: folder,
      allowedRoots: JobOptions.roots(args, documentFolder: folder),
      assetSources: JobOptions.assetSources(args),
      previewLongSide: args.integer("preview"),
      encoding: EncodingOptions.encoding(args),
      overwrite: args.has("overwrite"))
  }
}
