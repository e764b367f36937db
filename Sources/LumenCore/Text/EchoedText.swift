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

  /// A message from a library (libheif, libpng, lcms2...) or any text made into part of one
  /// line: control characters (a trailing newline, a profile description's line breaks) become
  /// spaces, runs of spaces one, and at most ``limit`` characters are kept.
  public static func line(_ text: some StringProtocol) -> String {
    let flat = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
    let words = String(String.UnicodeScalarView(flat)).split(separator: " ")
    let joined = words.joined(separator: " ")
    return joined.count <= limit ? joined : "\(joined.prefix(limit))…"
  }

  /// Names for a message (known looks, choices): a user's library may hold thousands, so at
  /// most 20, then how many more there are.
  public static func list(_ names: [String]) -> String {
    let shown = names.prefix(20).joined(separator: ", ")
    return names.count <= 20 ? shown : "\(shown) and \(names.count - 20) more"
  }
}
