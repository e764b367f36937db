import Foundation

/// One parameter value as given by a user, a document or code: loosely typed until checked
/// against a ``ParameterDescriptor`` (text is accepted for any kind and converted then).
/// Encodes as a plain JSON number, array, string or boolean.
public enum ParameterValue: Hashable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
  case number(Double)
  case vector([Double])
  case text(String)
  case boolean(Bool)

  public init(floatLiteral value: Double) { self = .number(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(stringLiteral value: String) { self = .text(value) }
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  public init(arrayLiteral elements: Double...) { self = .vector(elements) }

  /// The value as typed on a command line: numbers, comma-separated numbers as a vector,
  /// anything else as text.
  public init(parsing text: String) {
    if let n = Double(text) {
      self = .number(n)
    } else if text.contains(","),
      case let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        .map({ Double($0.trimmingCharacters(in: .whitespaces)) }),
      parts.allSatisfy({ $0 != nil })
    {
      self = .vector(parts.compactMap { $0 })
    } else {
      self = .text(text)
    }
  }

  /// The command-line form (`1.2`, `1,0,0,0`, `horizontal`), which ``init(parsing:)`` reads back.
  public var description: String {
    switch self {
    case .number(let v): FilterError.format(v)
    case .vector(let v): v.map(FilterError.format).joined(separator: ",")
    case .text(let s): s
    case .boolean(let b): String(b)
    }
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let b = try? c.decode(Bool.self) {
      self = .boolean(b)
    } else if let n = try? c.decode(Double.self) {
      self = .number(n)
    } else if let v = try? c.decode([Double].self) {
      self = .vector(v)
    } else {
      self = .text(try c.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .number(let v): try c.encode(v)
    case .vector(let v): try c.encode(v)
    case .text(let s): try c.encode(s)
    case .boolean(let b): try c.encode(b)
    }
  }
}

/// Parameter values by name, as a user gave them: `["amount": 1.2]`. Unchecked until a filter
/// resolves them against its descriptor (``resolved(for:)``), which fills in defaults.
/// Encodes as a JSON object.
public struct ParameterValues: Hashable, Sendable, Codable, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  public var values: [String: ParameterValue]

  public init(_ values: [String: ParameterValue] = [:]) { self.values = values }

  public init(dictionaryLiteral elements: (String, ParameterValue)...) {
    values = Dictionary(elements, uniquingKeysWith: { _, last in last })
  }

  public subscript(name: String) -> ParameterValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  public var isEmpty: Bool { values.isEmpty }

  /// `key=value` pairs sorted by key, the command-line form.
  public var description: String {
    values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }

  public init(from decoder: any Decoder) throws {
    values = try decoder.singleValueContainer().decode([String: ParameterValue].self)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(values)
  }

  /// Checks every value against `descriptor` (names, types, ranges, finiteness), converts text
  /// to the declared types and adds defaults for parameters not given.
  public func resolved(for descriptor: FilterDescriptor) throws(FilterError) -> ResolvedParameters {
    let known = descriptor.parameters.map(\.name)
    for name in values.keys.sorted() where descriptor.parameter(named: name) == nil {
      throw .unknownParameter(filter: descriptor.name, parameter: name, known: known)
    }
    var out: [String: ParameterValue] = [:]
    for p in descriptor.parameters {
      out[p.name] = try p.validated(values[p.name] ?? p.defaultValue, filter: descriptor.name)
    }
    return ResolvedParameters(descriptor: descriptor, values: ParameterValues(out))
  }
}
