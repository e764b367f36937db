import LumenCore

/// Why a filter could not be made or applied. Every message names the filter, and the parameter
/// when there is one, so that a CLI or HTTP client can show it unchanged.
public enum FilterError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No filter of this name is registered.
  case unknownFilter(String, known: [String])
  /// A name that filters gave up so that it means one thing (see ``FilterRegistry/renamed``).
  case renamedFilter(String, now: String, meaning: String)
  /// A filter of this name is already registered.
  case duplicateFilter(String)
  /// A descriptor that cannot be registered (bad name, duplicate parameter, default out of range).
  case invalidDescriptor(filter: String, reason: String)
  /// The filter has no parameter of this name.
  case unknownParameter(filter: String, parameter: String, known: [String])
  /// The value has the wrong type or form (not a number, wrong vector length, unknown choice,
  /// NaN or infinity); `expected` says what is allowed.
  case invalidValue(filter: String, parameter: String, value: String, expected: String)
  /// A number outside the parameter's range.
  case outOfRange(filter: String, parameter: String, value: Double, min: Double, max: Double)
  /// A filter request that could not be parsed (`"name key=value ..."`).
  case syntax(String, reason: String)
  /// Valid parameters that do not fit the image (a crop outside the image, a size too large).
  case invalidGeometry(filter: String, reason: String)

  public var description: String {
    switch self {
    case .unknownFilter(let name, let known):
      "unknown filter \(EchoedText.quoted(name)); known filters: \(known.joined(separator: ", "))"
    case .renamedFilter(let name, let now, let meaning):
      "'\(name)' is the edit document's \(meaning); the filter on Core Image's scale is now "
        + "'\(now)' (see `lumen filters`)"
    case .duplicateFilter(let name):
      "a filter named '\(name)' is already registered"
    case .invalidDescriptor(let filter, let reason):
      "\(filter): invalid descriptor: \(reason)"
    case .unknownParameter(let filter, let parameter, let known):
      "\(filter): unknown parameter \(EchoedText.quoted(parameter)); "
        + (known.isEmpty
          ? "it takes no parameters" : "parameters: \(known.joined(separator: ", "))")
    case .invalidValue(let filter, let parameter, let value, let expected):
      "\(filter): parameter '\(parameter)' must be \(expected), got \(EchoedText.quoted(value))"
    case .outOfRange(let filter, let parameter, let value, let min, let max):
      "\(filter): parameter '\(parameter)' = \(Self.format(value)) is out of range "
        + "\(Self.format(min))...\(Self.format(max))"
    case .syntax(let text, let reason):
      "cannot parse filter \(EchoedText.quoted(text)): \(reason)"
    case .invalidGeometry(let filter, let reason):
      "\(filter): \(reason)"
    }
  }

  /// Whole numbers without a trailing ".0", so ranges read as users typed them.
  static func format(_ v: Double) -> String {
    v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
  }
}
