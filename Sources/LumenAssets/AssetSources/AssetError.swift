import LumenCore

/// Why an asset source cannot be read, or an asset reference not be resolved.
public enum AssetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The manifest cannot be read, or breaks the format: the file, the JSON path, the reason.
  case invalidManifest(file: String, path: String, reason: String)
  /// Two sources registered under one id.
  case duplicateSource(String)
  case unknownSource(String, known: [String])
  case unknownAsset(AssetReference)
  /// `asset:` not followed by `SOURCE/ID`.
  case invalidReference(String)
  /// The asset is not a local file inside its source's folder (a web address, or elsewhere).
  case notALocalFile(AssetReference, uri: String)

  public var description: String {
    switch self {
    case .invalidManifest(let file, let path, let reason):
      "\(file): \(path.isEmpty ? "" : "\(path): ")\(EchoedText.line(reason))"
    case .duplicateSource(let id): "two asset sources are named \(EchoedText.quoted(id))"
    case .unknownSource(let id, let known):
      "no asset source named \(EchoedText.quoted(id)) (there are \(known.joined(separator: ", ")))"
    case .unknownAsset(let reference):
      "\(EchoedText.quoted(reference.description)): the source has no such asset"
    case .invalidReference(let text):
      "\(EchoedText.quoted(text)): an asset reference is asset:SOURCE/ID"
    case .notALocalFile(let reference, let uri):
      "\(EchoedText.quoted(reference.description)): \(EchoedText.quoted(uri)) is not a file in "
        + "the source's folder"
    }
  }
}
