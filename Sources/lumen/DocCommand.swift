import Foundation
import LumenAssets
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenEdit

/// `lumen doc validate|migrate|new|schema`: edit documents without rendering.
enum DocCommand {
  static let output = Option.value(
    "output", short: "o", "OUT.json", .path, required: true, help: "the document to write")
  static let overwrite = Option.flag("overwrite", help: "replaces the output when it exists")

  static let command = Command(
    name: "doc", summary: "Edit documents: check, migrate to the current format, create.",
    subcommands: [
      Command(
        name: "validate",
        summary: "Checks documents, naming the JSON path of a problem.",
        positionals: .oneOrMore("EDIT.json", help: "the documents to check"),
        options: [
          .value(
            "photo", "IN", .path,
            help: "also checks the geometry against this photo's size (a crop that keeps no "
              + "pixels)"),
          JobOptions.allow,
        ],
        notes: """
          Checks everything `lumen edit` checks but the photo's own bytes: the format, ranges \
          and keys; that every look and visible layer image resolves as edit resolves it \
          (library ids; files relative to the document, inside its folder and the --allow \
          folders); with --photo, that the geometry keeps pixels. Documents are limited to \
          \(EditDocumentLimits.standard.summary).
          """,
        run: validate),
      Command(
        name: "migrate", summary: "Rewrites an older document in the current format.",
        positionals: .one("OLD.json", help: "the document to read"),
        options: [output, overwrite], run: migrate),
      Command(
        name: "new", summary: "Writes an identity document for a photo.",
        positionals: .one("IN", help: "the photo (it must be readable)"),
        options: [output, overwrite], run: new),
      Command(
        name: "schema",
        summary: "Prints the JSON Schema (draft 2020-12) of the current format.",
        options: [
          .value(
            "output", short: "o", "OUT.json", .path,
            help: "writes the schema to a file instead of standard output"),
          overwrite,
        ], run: schema),
    ])

  /// Each document is read, then checked against its resources as `lumen edit` resolves
  /// them: a document that validates renders over any readable photo it fits.
  private static func validate(_ args: ParsedArguments) throws {
    let photo = try args.string("photo").map { path in
      let info = try ImageFile.info(URL(fileURLWithPath: path))
      let (width, height) =
        info.orientation.swapsDimensions ? (info.height, info.width) : (info.width, info.height)
      return Rect(x: 0, y: 0, width: width, height: height)
    }
    for path in args.positional {
      let document = try DocumentFile.read(URL(fileURLWithPath: path))
      let folder = JobOptions.absolute(URL(fileURLWithPath: path).deletingLastPathComponent().path)
      let resolver = ResourceResolver(
        base: URL(fileURLWithPath: folder),
        allowedRoots: JobOptions.roots(args, documentFolder: folder).map {
          URL(fileURLWithPath: $0)
        })
      do {
        try document.checkRendering(resources: EditResources(resolver), photo: photo)
      } catch {
        throw CommandFailure("\(path): \(error)")
      }
      print("\(path): valid (format version \(document.requiredFormatVersion))")
    }
  }

  private static func migrate(_ args: ParsedArguments) throws {
    let input = try args.firstPositional()
    try write(
      DocumentFile.read(URL(fileURLWithPath: input)), to: try args.required("output"),
      overwrite: args.has("overwrite"), source: input)
  }

  private static func new(_ args: ParsedArguments) throws {
    let input = try args.firstPositional()
    _ = try ImageFile.info(URL(fileURLWithPath: input))  // the photo must be readable
    try write(
      EditDocument(), to: try args.required("output"), overwrite: args.has("overwrite"),
      source: input)
  }

  /// The schema is generated from the operations' and layer kinds' descriptors, so it always
  /// describes what the reader accepts.
  private static func schema(_ args: ParsedArguments) throws {
    let schema = EditDocument.jsonSchema()
    guard let path = args.string("output") else {
      FileHandle.standardOutput.write(schema)
      return
    }
    if !args.has("overwrite"), FileManager.default.fileExists(atPath: path) {
      throw CommandFailure("\(path) exists (use --overwrite)")
    }
    try AtomicOutput.write(schema, to: URL(fileURLWithPath: path))
  }

  private static func write(
    _ document: EditDocument, to path: String, overwrite: Bool, source: String
  ) throws {
    let url = URL(fileURLWithPath: path)
    if !overwrite, FileManager.default.fileExists(atPath: url.path) {
      throw CommandFailure("\(path) exists (use --overwrite)")
    }
    guard !FileIdentity.same(source, path) else {
      throw CommandFailure("refusing to overwrite the input \(source)")
    }
    try AtomicOutput.write(document.jsonData(), to: url)
    print("wrote \(path)")
  }
}
