import Foundation
import LumenCore
import LumenEdit

/// The edit document a command names, its errors naming the file: only a regular file, and only
/// up to the documents' size limit, so that neither a FIFO nor a huge file is read before it is
/// refused.
package enum DocumentFile {
  package static func read(_ url: URL) throws -> EditDocument {
    let data = try RegularFile.contents(of: url.path, limit: EditDocumentLimits.standard.bytes)
    do {
      return try EditDocument(json: data)
    } catch {
      throw DocumentFileError(path: url.path, error: error)
    }
  }
}

/// A document that is not valid, with the file it came from.
package struct DocumentFileError: Error, CustomStringConvertible {
  package let path: String
  package let error: EditDocumentError
  package var description: String { "\(path): \(error)" }
}
