#if canImport(Glibc)
  import Glibc
#endif

/// Why a file could not be read or written: one line naming the file and the cause, so that a
/// message shown to a user (or in a batch log) says which of many files failed and why.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path as the caller gave it.
  public let file: String
  /// What went wrong, in words (the system's reason included).
  public let reason: String

  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  /// An error whose reason is `action` followed by the system's reason for `code`.
  public init(file: String, action: String, code: Int32) {
    self.init(file: file, reason: "cannot \(action): \(String(cString: strerror(code)))")
  }

  public var description: String { "\(file): \(reason)" }
}
