import Foundation
import LumenJobs

/// One named value a template takes: its type, its default, its limits and where in the
/// document it goes.
///
///     {"name": "title", "type": "text", "default": "Summer sale", "maxLength": 40,
///      "autoFit": true, "targets": ["layers.title.text"]}
///
/// A text variable also replaces `{{name}}` in every string of the document (CE.SDK's text
/// variables). Targets are dotted paths into the document's JSON, where `layers.ID` is the
/// layer whose id is ID: `layers.badge.fill`, `operations.look.id`; an image variable's
/// target is an image layer (`layers.photo`), whose source the value replaces.
public struct TemplateVariable: Codable, Hashable, Sendable {
  public enum Kind: String, Codable, CaseIterable, Sendable {
    /// A string; `maxLength` characters at most; `autoFit` shrinks the text into its box.
    case text
    /// A picture file (or an asset, `asset:SOURCE/ID`) placed into an image layer's box
    /// (`fit`: fill, fit or stretch).
    case image
    /// An sRGB colour: `#RRGGBB`, `#RRGGBBAA`, or components 0...1.
    case color
    /// A look id of the built-in library (or of the document's asset sources).
    case look
    /// A real number, within `minimum...maximum` when given.
    case number
  }

  public var name: String
  public var kind: Kind
  /// Shown by `lumen template vars`; the name when absent.
  public var label: String?
  /// Used when no value is given; a variable without one must be given a value.
  public var defaultValue: TemplateValue?
  public var targets: [String]
  public var maxLength: Int?
  public var autoFit: Bool
  /// The smallest size (of the shorter side) auto-fit shrinks a text to.
  public var minimumSize: Double?
  public var fit: String?
  public var minimum: Double?
  public var maximum: Double?

  /// A name as it appears in `--set NAME=VALUE` and `{{NAME}}`.
  static let namePattern = #"^[A-Za-z][A-Za-z0-9_-]{0,63}$"#
  public static let maxLengthRange = 1...100_000
  public static let fits = ["fill", "fit", "stretch"]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case name
    case kind = "type"
    case label
    case defaultValue = "default"
    case targets, maxLength, autoFit
    case minimumSize = "minSize"
    case fit, minimum, maximum
  }

  /// The keys each type takes besides the common ones.
  private static let ownKeys: [Kind: Set<CodingKeys>] = [
    .text: [.maxLength, .autoFit, .minimumSize], .image: [.fit], .number: [.minimum, .maximum],
  ]

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    name = try c.decode(String.self, forKey: .name)
    guard name.range(of: Self.namePattern, options: .regularExpression) != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: .name, in: c,
        debugDescription: "a name is a letter then up to 63 letters, digits, _ or -")
    }
    kind = try c.decode(Kind.self, forKey: .kind)
    let own = Self.ownKeys[kind] ?? []
    let common: Set<CodingKeys> = [.name, .kind, .label, .defaultValue, .targets]
    if let stray = c.allKeys.first(where: { !common.contains($0) && !own.contains($0) }) {
      throw DecodingError.dataCorruptedError(
        forKey: stray, in: c,
        debugDescription: "a \(kind.rawValue) variable takes no \(stray.stringValue)")
    }
    label = try c.decodeIfPresent(String.self, forKey: .label)
    targets = try c.decodeIfPresent([String].self, forKey: .targets) ?? []
    guard targets.count <= 64 else {
      throw DecodingError.dataCorruptedError(
        forKey: .targets, in: c, debugDescription: "at most 64 targets")
    }
    maxLength = try c.decodeWholeNumber(forKey: .maxLength, in: Self.maxLengthRange)
    autoFit = try c.decodeIfPresent(Bool.self, forKey: .autoFit) ?? false
    minimumSize = try c.decodeIfPresent(Double.self, forKey: .minimumSize)
    if let minimumSize, !(0.001...1).contains(minimumSize) {
      throw DecodingError.dataCorruptedError(
        forKey: .minimumSize, in: c, debugDescription: "expected a size in 0.001...1")
    }
    fit = try c.decodeIfPresent(String.self, forKey: .fit)
    if let fit, !Self.fits.contains(fit) {
      throw DecodingError.dataCorruptedError(
        forKey: .fit, in: c,
        debugDescription: "expected one of \(Self.fits.joined(separator: ", "))")
    }
    minimum = try c.decodeIfPresent(Double.self, forKey: .minimum)
    maximum = try c.decodeIfPresent(Double.self, forKey: .maximum)
    if let minimum, let maximum, !(minimum <= maximum) {
      throw DecodingError.dataCorruptedError(
        forKey: .maximum, in: c, debugDescription: "must not be below minimum")
    }
    if let raw = try c.decodeIfPresent(JSONScalar.self, forKey: .defaultValue) {
      do {
        defaultValue = try value(from: raw)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .defaultValue, in: c, debugDescription: error.problem)
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(name, forKey: .name)
    try c.encode(kind, forKey: .kind)
    try c.encodeIfPresent(label, forKey: .label)
    try c.encodeIfPresent(defaultValue?.json, forKey: .defaultValue)
    try c.encode(targets, forKey: .targets)
    try c.encodeIfPresent(maxLength, forKey: .maxLength)
    if autoFit { try c.encode(true, forKey: .autoFit) }
    try c.encodeIfPresent(minimumSize, forKey: .minimumSize)
    try c.encodeIfPresent(fit, forKey: .fit)
    try c.encodeIfPresent(minimum, forKey: .minimum)
    try c.encodeIfPresent(maximum, forKey: .maximum)
  }

  /// The value `raw` (a JSON string, number or array of components) as this variable takes it,
  /// checked against its limits.
  public func value(from raw: JSONScalar) throws(TemplateError) -> TemplateValue {
    switch (kind, raw) {
    case (.text, .string(let text)):
      if let maxLength, text.count > maxLength {
        throw .value(name, "\(text.count) characters, at most \(maxLength)")
      }
      return .text(text)
    case (.image, .string(let path)):
      let path = path.hasPrefix("@") ? String(path.dropFirst()) : path
      guard !path.isEmpty else { throw .value(name, "expected the path of a picture") }
      return .image(path)
    case (.look, .string(let id)):
      guard !id.isEmpty, id.utf8.count <= 256 else { throw .value(name, "expected a look id") }
      return .look(id)
    case (.color, .string(let text)):
      return .color(try TemplateValue.color(parsing: text, variable: name))
    case (.color, .numbers(let components)):
      guard [3, 4].contains(components.count), components.allSatisfy({ (0...1).contains($0) })
      else { throw .value(name, "expected 3 or 4 components in 0...1") }
      return .color(components.count == 3 ? components + [1] : components)
    case (.number, .number(let number)):
      return .number(try checked(number))
    case (.number, .string(let text)):
      guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
        throw .value(name, "expected a number, not \"\(text.prefix(40))\"")
      }
      return .number(try checked(number))
    default:
      throw .value(name, "expected \(kind.expected)")
    }
  }

  /// A value of this type within its limits, for checking a template whose variable has no
  /// default; `picture` is a file that exists.
  func standIn(picture: String) -> TemplateValue {
    switch kind {
    case .text: .text("x")
    case .image: .image(picture)
    case .color: .color([0, 0, 0, 1])
    case .look: .look("chrome")
    case .number: .number(Swift.min(Swift.max(0, minimum ?? 0), maximum ?? .infinity))
    }
  }

  private func checked(_ number: Double) throws(TemplateError) -> Double {
    guard number.isFinite else { throw .value(name, "expected a finite number") }
    if let minimum, number < minimum { throw .value(name, "\(number) is below \(minimum)") }
    if let maximum, number > maximum { throw .value(name, "\(number) is above \(maximum)") }
    return number
  }
}

extension TemplateVariable.Kind {
  /// What a value of this type looks like, for messages.
  var expected: String {
    switch self {
    case .text: "a string"
    case .image: "the path of a picture"
    case .color: "a colour (#RRGGBB, #RRGGBBAA or 3-4 components in 0...1)"
    case .look: "a look id"
    case .number: "a number"
    }
  }
}
