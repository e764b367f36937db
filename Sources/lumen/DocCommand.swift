import Foundation
import LumenCodecs
import LumenEdit

/// `lumen doc validate|migrate|new`: edit documents without rendering.
enum DocCommand {
  static let usage = """
    lumen doc validate EDIT.json       checks a document (exit 1 with the JSON path of a problem)
    lumen doc migrate OLD.json -o NEW.json [--overwrite]
                                       rewrites an older version in the current format
    lumen doc new IN -o EDIT.json      an identity document for the photo IN
    """

  static func run(_ words: [String]) throws {
    guard let action = words.first else { throw UsageError(usage) }
    let args = try Arguments(
      Array(words.dropFirst()), valued: ["o", "output"], switches: ["overwrite"])
    let output = args.value("o") ?? args.value("output")
    switch action {
    case "validate":
      guard !args.positional.isEmpty else { throw UsageError("doc validate needs a document") }
      for path in args.positional {
        let document = try read(URL(fileURLWithPath: path))
        print("\(path): valid (format version \(document.requiredFormatVersion))")
      }
    case "migrate":
      guard let input = args.positional.first, args.positional.count == 1, let output else {
        throw UsageError("doc migrate needs OLD.json -o NEW.json")
      }
      try write(
        read(URL(fileURLWithPath: input)), to: output, overwrite: args.has("overwrite"),
        source: input)
    case "new":
      guard let input = args.positional.first, args.positional.count == 1, let output else {
        throw UsageError("doc new needs IN -o EDIT.json")
      }
      _ = try ImageFile.info(URL(fileURLWithPath: input))  // the photo must be readable
      try write(EditDocument(), to: output, overwrite: args.has("overwrite"), source: input)
    default:
      throw UsageError("unknown doc action \"\(action)\"\n\(usage)")
    }
  }

  /// Reads a document, naming the file in errors.
  static func read(_ url: URL) throws -> EditDocument {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw UsageError("\(url.path): cannot read the document")
    }
    do {
      return try EditDocument(json: data)
    } catch {
      throw DocumentFileError(path: url.path, error: error)
    }
  }

  private static func write(
    _ document: EditDocument, to path: String, overwrite: Bool, source: String
  ) throws {
    let url = URL(fileURLWithPath: path)
    if !overwrite, FileManager.default.fileExists(atPath: url.path) {
      throw UsageError("\(path) exists (use --overwrite)")
    }
    guard URL(fileURLWithPath: source).standardizedFileURL != url.standardizedFileURL else {
      throw UsageError("refusing to overwrite the input \(source)")
    }
    try document.jsonData().write(to: url, options: .atomic)
    print("wrote \(path)")
  }
}

/// A document's error with its file.
struct DocumentFileError: Error, CustomStringConvertible {
  let path: String
  let error: EditDocumentError
  var description: String { "\(path): \(error)" }
}
