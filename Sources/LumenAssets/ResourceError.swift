import LumenCore

/// Why a reference in a document or job cannot be turned into a resource.
public enum ResourceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The reference resolves to a place outside every allowed root (after links are followed).
  case outsideAllowedRoots(reference: String, path: String)
  case notFound(reference: String, path: String)
  /// A FIFO, a device or a folder: reading it could block forever or means nothing.
  case notRegularFile(reference: String, path: String)
  /// A LUT image named as a look without its layout, which is never guessed.
  case undeclaredLayout(reference: String)
  /// The reference is empty or too long to be a path.
  case invalidReference(String)
  /// The file is the output being written, which would replace it.
  case isOutput(reference: String, path: String)
  /// The file exists but could not be read or decoded.
  case unreadable(reference: String, reason: String)

  public var description: String {
    switch self {
    case .outsideAllowedRoots(let reference, let path):
      "\(Self.quoted(reference)): \(path) lies outside the folders this document may read"
    case .notFound(let reference, let path):
      "\(Self.quoted(reference)): no such file (\(path))"
    case .notRegularFile(let reference, let path):
      "\(Self.quoted(reference)): \(path) is not a regular file"
    case .undeclaredLayout(let reference):
      "\(Self.quoted(reference)): a LUT image needs its layout declared"
        + " (hald, tiled8x8 or tiled:TILESxLEVELS); it is never guessed"
    case .invalidReference(let reference):
      "\(Self.quoted(reference)): not a usable file name"
    case .isOutput(let reference, let path):
      "\(Self.quoted(reference)): \(path) is also the output; refusing to write over a file "
        + "the document reads (allowed with --overwrite)"
    case .unreadable(let reference, let reason):
      "\(Self.quoted(reference)): \(reason)"
    }
  }

  /// The reference in quotes, cut short: a forged document may carry megabytes in one name.
  static func quoted(_ text: String) -> String { EchoedText.quoted(text) }
}
