import LumenCore

/// Why a font cannot be used.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The font file, as the user named it.
  public let file: String
  /// What is wrong with it, in words.
  public let reason: String

  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  public var description: String { "\(EchoedText.line(file)): \(reason)" }
}
