/// Why an edit document cannot be read, with the JSON path of the problem.
public enum EditDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Not an edit document of this kind, or a version newer than this build knows: the caller
  /// should fall back to the rendered image ("cannot handle this adjustment data").
  case cannotHandle(String)
  /// The document is malformed at `path` (e.g. `operations.adjustments.contrast`).
  case invalid(path: String, problem: String)

  public var description: String {
    switch self {
    case .cannotHandle(let reason): "cannot handle this adjustment data: \(reason)"
    case .invalid(let path, let problem): "\(path.isEmpty ? "document" : path): \(problem)"
    }
  }
}
