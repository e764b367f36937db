/// Why a job cannot be read or run.
public enum JobError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The job file is not a job: bad JSON, a missing or mistyped key, a value out of range.
  case invalid(file: String, path: String, problem: String)
  /// The job would write over one of the files it reads.
  case outputIsInput(String)

  /// At most this many characters of a key path or a problem are shown: a forged job may
  /// carry megabytes in one key, which would otherwise be echoed whole.
  static let echoLimit = 200

  public var description: String {
    switch self {
    case .invalid(let file, let path, let problem):
      "\(file): \(path.isEmpty ? "" : "\(Self.bounded(path)): ")\(Self.bounded(problem))"
    case .outputIsInput(let path):
      "\(path): refusing to write over a file the job reads (allowed with --overwrite, or "
        + "\"overwrite\": true in a job)"
    }
  }

  static func bounded(_ text: String) -> String {
    text.count <= echoLimit ? text : "\(text.prefix(echoLimit))…"
  }
}
