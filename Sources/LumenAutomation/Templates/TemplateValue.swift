import Foundation

/// A variable's value, checked against its type and limits.
public enum TemplateValue: Hashable, Sendable {
  case text(String)
  /// A picture's path (relative paths against the folder the value came from).
  case image(String)
  /// sRGB components 0...1, straight alpha, four of them.
  case color([Double])
  case look(String)
  case number(Double)

  /// As the template's JSON writes a default.
  var json: JSONScalar {
    switch self {
    case .text(let text), .image(let text), .look(let text): .string(text)
    case .color(let components): .numbers(components)
    case .number(let number): .number(number)
    }
  }

  /// What goes into the document at a target.
  var documentValue: Any {
    switch self {
    case .text(let text), .image(let text), .look(let text): text
    case .color(let components): components
    case .number(let number): number
    }
  }

  /// `#RRGGBB`, `#RRGGBBAA` or `R,G,B[,A]` (components 0...1) as four components.
  static func color(parsing text: String, variable: String) throws(TemplateError) -> [Double] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("#") {
      let hex = trimmed.dropFirst()
      guard [6, 8].contains(hex.count), let packed = UInt32(hex, radix: 16) else {
        throw .value(variable, "expected #RRGGBB or #RRGGBBAA, not \"\(text.prefix(40))\"")
      }
      let bytes = hex.count == 6 ? packed << 8 | 0xff : packed
      return [24, 16, 8, 0].map { Double(bytes >> $0 & 0xff) / 255 }
    }
    let parts = trimmed.split(separator: ",").map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard [3, 4].contains(parts.count),
      parts.allSatisfy({ $0.map { (0...1).contains($0) } ?? false })
    else {
      throw .value(
        variable, "expected #RRGGBB, #RRGGBBAA or R,G,B[,A] in 0...1, not \"\(text.prefix(40))\"")
    }
    let components = parts.compactMap { $0 }
    return components.count == 3 ? components + [1] : components
  }
}

/// A scalar of JSON as values arrive: a string, a number, or an array of numbers (a colour).
public enum JSONScalar: Codable, Hashable, Sendable {
  case string(String)
  case number(Double)
  case numbers([Double])

  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let string = try? c.decode(String.self) {
      self = .string(string)
    } else if let number = try? c.decode(Double.self) {
      self = .number(number)
    } else if let numbers = try? c.decode([Double].self), numbers.count <= 4 {
      self = .numbers(numbers)
    } else {
      throw DecodingError.dataCorruptedError(
        in: c, debugDescription: "expected a string, a number or up to 4 numbers")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .string(let string): try c.encode(string)
    case .number(let number): try c.encode(number)
    case .numbers(let numbers): try c.encode(numbers)
    }
  }
}
