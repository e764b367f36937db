import LumenCore

/// A filter named with its parameter values, as written on a command line or stored in a
/// document: `contrast amount=1.2`, `colorMatrix rVector=1.08,0,0,0 bVector=0,0,0.88,0`,
/// `flip axis=horizontal`. Values are checked only when a registry makes the filter.
public struct FilterRequest: Hashable, Sendable, Codable, CustomStringConvertible {
  public var name: String
  public var values: ParameterValues

  public init(name: String, values: ParameterValues = [:]) {
    self.name = name
    self.values = values
  }

  /// Parses `"name key=value key=value ..."` (whitespace-separated; values without spaces:
  /// numbers, comma-separated vectors, words, `#rrggbb` colours).
  public static func parse(_ text: String) throws(FilterError) -> FilterRequest {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let name = words.first else { throw .syntax(text, reason: "no filter name") }
    guard !name.contains("=") else {
      throw .syntax(
        text, reason: "it must start with a filter name, not \(EchoedText.quoted(name))")
    }
    var values = ParameterValues()
    for word in words.dropFirst() {
      guard let eq = word.firstIndex(of: "="), eq != word.startIndex else {
        throw .syntax(text, reason: "expected key=value, got \(EchoedText.quoted(word))")
      }
      let key = String(word[..<eq])
      let value = String(word[word.index(after: eq)...])
      guard !value.isEmpty else { throw .syntax(text, reason: "no value for '\(key)'") }
      guard values[key] == nil else { throw .syntax(text, reason: "'\(key)' is given twice") }
      values[key] = ParameterValue(parsing: value)
    }
    return FilterRequest(name: name, values: values)
  }

  /// The command-line form, which ``parse(_:)`` reads back.
  public var description: String {
    values.isEmpty ? name : "\(name) \(values)"
  }
}
