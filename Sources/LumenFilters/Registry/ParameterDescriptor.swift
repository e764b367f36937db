/// One parameter of a filter: its name, type, range, default and identity value.
///
/// The identity value is the value at which the parameter leaves the image unchanged (contrast
/// 1, exposure 0); documents store only parameters that differ from it. It is nil when no value
/// does nothing (a flip axis) or when it depends on the image (a crop width is 0 = "all").
public struct ParameterDescriptor: Hashable, Sendable {
  /// The key in requests and documents, lowerCamelCase (`"sigma"`, `"rVector"`).
  public var name: String
  public var displayName: String
  public var kind: Kind
  /// A unit for display (`"EV"`, `"px"`, `"°"`), if any.
  public var unit: String?
  /// What the parameter does and how it enters the formula.
  public var doc: String

  /// The type of a parameter and its limits.
  public enum Kind: Hashable, Sendable {
    /// A real number in `min...max`.
    case scalar(min: Double, max: Double, default: Double, identity: Double?)
    /// A whole number in `min...max`.
    case integer(min: Int, max: Int, default: Int, identity: Int?)
    /// `count` real numbers (components of a colour-matrix row, a point).
    case vector(count: Int, default: [Double], identity: [Double]?)
    /// An RGBA colour, sRGB-encoded components 0...1 (also written `#rrggbb` or `#rrggbbaa`).
    case color(default: [Double])
    /// One of a fixed list of strings.
    case choice([String], default: String)
    case boolean(default: Bool)
  }

  public init(
    name: String, displayName: String? = nil, kind: Kind, unit: String? = nil, doc: String = ""
  ) {
    self.name = name
    self.displayName = displayName ?? Self.words(name)
    self.kind = kind
    self.unit = unit
    self.doc = doc
  }

  // MARK: Shorthands for declaring parameters

  public static func scalar(
    _ name: String, _ displayName: String? = nil, range: ClosedRange<Double>, default value: Double,
    identity: Double? = nil, unit: String? = nil, doc: String = ""
  ) -> ParameterDescriptor {
    ParameterDescriptor(
      name: name, displayName: displayName,
      kind: .scalar(
        min: range.lowerBound, max: range.upperBound, default: value, identity: identity),
      unit: unit, doc: doc)
  }

  public static func integer(
    _ name: String, _ displayName: String? = nil, range: ClosedRange<Int>, default value: Int,
    identity: Int? = nil, unit: String? = nil, doc: String = ""
  ) -> ParameterDescriptor {
    ParameterDescriptor(
      name: name, displayName: displayName,
      kind: .integer(
        min: range.lowerBound, max: range.upperBound, default: value, identity: identity),
      unit: unit, doc: doc)
  }

  public static func vector(
    _ name: String, _ displayName: String? = nil, default value: [Double],
    identity: [Double]? = nil,
    doc: String = ""
  ) -> ParameterDescriptor {
    ParameterDescriptor(
      name: name, displayName: displayName,
      kind: .vector(count: value.count, default: value, identity: identity), doc: doc)
  }

  public static func color(
    _ name: String, _ displayName: String? = nil, default value: [Double], doc: String = ""
  ) -> ParameterDescriptor {
    ParameterDescriptor(
      name: name, displayName: displayName, kind: .color(default: value), doc: doc)
  }

  public static func choice(
    _ name: String, _ displayName: String? = nil, options: [String], default value: String,
    doc: String = ""
  ) -> ParameterDescriptor {
    ParameterDescriptor(
      name: name, displayName: displayName, kind: .choice(options, default: value), doc: doc)
  }

  public static func boolean(
    _ name: String, _ displayName: String? = nil, default value: Bool, doc: String = ""
  ) -> ParameterDescriptor {
    ParameterDescriptor(
      name: name, displayName: displayName, kind: .boolean(default: value), doc: doc)
  }

  // MARK: Values

  public var defaultValue: ParameterValue {
    switch kind {
    case .scalar(_, _, let d, _): .number(d)
    case .integer(_, _, let d, _): .number(Double(d))
    case .vector(_, let d, _): .vector(d)
    case .color(let d): .vector(d.count == 3 ? d + [1] : d)
    case .choice(_, let d): .text(d)
    case .boolean(let d): .boolean(d)
    }
  }

  public var identityValue: ParameterValue? {
    switch kind {
    case .scalar(_, _, _, let i): i.map { .number($0) }
    case .integer(_, _, _, let i): i.map { .number(Double($0)) }
    case .vector(_, _, let i): i.map { .vector($0) }
    case .color, .choice, .boolean: nil
    }
  }

  /// A compact description of the allowed values and the default, for listings:
  /// `-10...10 (0)`, `horizontal|vertical (horizontal)`, `4 numbers (1,0,0,0)`.
  public var summary: String {
    let range: String
    switch kind {
    case .scalar(let lo, let hi, _, _):
      range = "\(FilterError.format(lo))...\(FilterError.format(hi))"
    case .integer(let lo, let hi, _, _): range = "\(lo)...\(hi)"
    case .vector(let n, _, _): range = "\(n) numbers"
    case .color: range = "r,g,b[,a] or #rrggbb"
    case .choice(let options, _): range = options.joined(separator: "|")
    case .boolean: range = "true|false"
    }
    return "\(range) (\(defaultValue))"
  }

  /// "rVector" -> "R Vector": a display name for parameters and filters that give none.
  static func words(_ name: String) -> String {
    var out = ""
    for ch in name {
      if ch.isUppercase && !out.isEmpty { out.append(" ") }
      out.append(out.isEmpty ? Character(ch.uppercased()) : ch)
    }
    return out
  }
}

// MARK: JSON

/// Flat JSON: `{"name":"ev","displayName":"Exposure","type":"scalar","min":-10,"max":10,
/// "default":0,"identity":0,"unit":"EV","doc":"..."}`; `count` for vectors, `options` for choices.
extension ParameterDescriptor: Codable {
  private enum Key: String, CodingKey {
    case name, displayName, type, min, max, count, options, unit, doc
    case defaultValue = "default"
    case identity
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    try c.encode(name, forKey: .name)
    try c.encode(displayName, forKey: .displayName)
    switch kind {
    case .scalar(let lo, let hi, let d, let i):
      try c.encode("scalar", forKey: .type)
      try c.encode(lo, forKey: .min)
      try c.encode(hi, forKey: .max)
      try c.encode(d, forKey: .defaultValue)
      try c.encodeIfPresent(i, forKey: .identity)
    case .integer(let lo, let hi, let d, let i):
      try c.encode("integer", forKey: .type)
      try c.encode(lo, forKey: .min)
      try c.encode(hi, forKey: .max)
      try c.encode(d, forKey: .defaultValue)
      try c.encodeIfPresent(i, forKey: .identity)
    case .vector(let n, let d, let i):
      try c.encode("vector", forKey: .type)
      try c.encode(n, forKey: .count)
      try c.encode(d, forKey: .defaultValue)
      try c.encodeIfPresent(i, forKey: .identity)
    case .color(let d):
      try c.encode("color", forKey: .type)
      try c.encode(d, forKey: .defaultValue)
    case .choice(let options, let d):
      try c.encode("choice", forKey: .type)
      try c.encode(options, forKey: .options)
      try c.encode(d, forKey: .defaultValue)
    case .boolean(let d):
      try c.encode("boolean", forKey: .type)
      try c.encode(d, forKey: .defaultValue)
    }
    try c.encodeIfPresent(unit, forKey: .unit)
    try c.encode(doc, forKey: .doc)
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    let type = try c.decode(String.self, forKey: .type)
    let kind: Kind
    switch type {
    case "scalar":
      kind = .scalar(
        min: try c.decode(Double.self, forKey: .min), max: try c.decode(Double.self, forKey: .max),
        default: try c.decode(Double.self, forKey: .defaultValue),
        identity: try c.decodeIfPresent(Double.self, forKey: .identity))
    case "integer":
      kind = .integer(
        min: try c.decode(Int.self, forKey: .min), max: try c.decode(Int.self, forKey: .max),
        default: try c.decode(Int.self, forKey: .defaultValue),
        identity: try c.decodeIfPresent(Int.self, forKey: .identity))
    case "vector":
      kind = .vector(
        count: try c.decode(Int.self, forKey: .count),
        default: try c.decode([Double].self, forKey: .defaultValue),
        identity: try c.decodeIfPresent([Double].self, forKey: .identity))
    case "color":
      kind = .color(default: try c.decode([Double].self, forKey: .defaultValue))
    case "choice":
      kind = .choice(
        try c.decode([String].self, forKey: .options),
        default: try c.decode(String.self, forKey: .defaultValue))
    case "boolean":
      kind = .boolean(default: try c.decode(Bool.self, forKey: .defaultValue))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: c, debugDescription: "unknown parameter type '\(type)'")
    }
    self.init(
      name: try c.decode(String.self, forKey: .name),
      displayName: try c.decode(String.self, forKey: .displayName), kind: kind,
      unit: try c.decodeIfPresent(String.self, forKey: .unit),
      doc: try c.decodeIfPresent(String.self, forKey: .doc) ?? "")
  }
}
