/// Text from outside (a JSON key, a file name, a command-line value) quoted in a message: at
/// most ``limit`` characters, control characters escaped, so that any message stays one short
/// line however long or strange the text; a cut text ends in "…" and says its full length.
public enum EchoedText {
  public static let limit = 200

  public static func quoted(_ text: some StringProtocol) -> String {
    let shown = String(text.prefix(limit))
    let escaped = String(shown.debugDescription.dropFirst().dropLast())
    guard shown.utf8.count < text.utf8.count else { return "\"\(escaped)\"" }
    return "\"\(escaped)…\" (\(text.utf8.count) bytes)"
  }
}
