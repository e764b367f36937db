import LumenCore

/// Why a job cannot be read or run.
public enum JobError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The job file is not a job: bad JSON, a missing or mistyped key, a value out of range.
  case invalid(file: String, path: String, problem: String)
  /// The job would write over one of the files it reads.
  case outputIsInput(String)

  /// Key paths and problems are shown as one bounded line (``EchoedText``): a forged job
  /// may carry megabytes, or line breaks, in one key.
  public var description: String {
    switch self {
    case .invalid(let file, let path, let problem):
      "\(file): \(path.isEmpty ? "" : "\(EchoedText.line(path)): ")\(EchoedText.line(problem))"
    case .outputIsInput(let path):
      "\(path): refusing to write over a file the job reads (allowed with --overwrite, or "
        + "\"overwrite\": true in a job)"
    }
  }
}
