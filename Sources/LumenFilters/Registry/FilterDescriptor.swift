/// What a filter is called, where it is listed and which parameters it takes: the metadata a
/// user interface builds its controls from. Encodes to JSON (`lumen filters --json`).
public struct FilterDescriptor: Hashable, Sendable, Codable {
  /// The stable identifier, lowerCamelCase (`"gaussianBlur"`). Saved documents refer to filters
  /// by it, so it never changes once released; ``displayName`` may.
  public var name: String
  /// The name shown to users.
  public var displayName: String
  /// The group the filter is listed under.
  public var folder: FilterFolder
  /// One sentence on what the filter does and its formula.
  public var summary: String
  public var parameters: [ParameterDescriptor]

  public init(
    name: String, displayName: String? = nil, folder: FilterFolder, summary: String = "",
    parameters: [ParameterDescriptor] = []
  ) {
    self.name = name
    self.displayName = displayName ?? ParameterDescriptor.words(name)
    self.folder = folder
    self.summary = summary
    self.parameters = parameters
  }

  /// The parameter called `name`, if the filter has one.
  public func parameter(named name: String) -> ParameterDescriptor? {
    parameters.first { $0.name == name }
  }

  /// Checks what ``FilterRegistry/register(_:)`` relies on: a lowerCamelCase name, unique
  /// parameter names, ranges with min <= default <= max, identities inside the range.
  public func validate() throws(FilterError) {
    func fail(_ reason: String) -> FilterError { .invalidDescriptor(filter: name, reason: reason) }
    guard let first = name.unicodeScalars.first, first.properties.isLowercase,
      name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    else { throw fail("the name must be lowerCamelCase letters and digits") }
    var seen = Set<String>()
    for p in parameters {
      guard seen.insert(p.name).inserted else { throw fail("parameter '\(p.name)' appears twice") }
      guard !p.name.isEmpty, !p.name.contains(where: { $0 == "=" || $0.isWhitespace }) else {
        throw fail("parameter name '\(p.name)' is empty or contains '=' or spaces")
      }
      do {
        _ = try p.validated(p.defaultValue, filter: name)
        if let identity = p.identityValue { _ = try p.validated(identity, filter: name) }
      } catch {
        throw fail("default or identity of '\(p.name)' is invalid: \(error)")
      }
    }
  }
}

/// The group a filter is listed under. Stable strings, like filter names; any string works for
/// custom filters.
public struct FilterFolder: RawRepresentable, Hashable, Sendable, Codable, Comparable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public static let adjustments: FilterFolder = "Adjustments"
  public static let colorEffects: FilterFolder = "Color Effects"
  public static let blur: FilterFolder = "Blur"
  public static let sharpen: FilterFolder = "Sharpen"
  public static let stylize: FilterFolder = "Stylize"
  public static let geometry: FilterFolder = "Geometry"

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }

  public static func < (a: FilterFolder, b: FilterFolder) -> Bool { a.rawValue < b.rawValue }
  public var description: String { rawValue }
}
