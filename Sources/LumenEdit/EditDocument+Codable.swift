import Foundation

/// A document inside other Codable values (render and video jobs) is its own JSON object,
/// read and checked by ``init(json:)`` as when it stands in a file of its own.
extension EditDocument: Codable {
  public init(from decoder: any Decoder) throws {
    let tree = try JSONTree(from: decoder)
    do {
      self = try EditDocument(json: Data(JSONWriter.string(tree.value).utf8))
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(error)"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try JSONDecoder().decode(JSONTree.self, from: jsonData()).encode(to: encoder)
  }
}

/// Any JSON value, so that a document can travel as a nested object.
enum JSONTree: Codable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONTree])
  case object([String: JSONTree])

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let flag = try? single.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? single.decode(Double.self) {
      self = .number(number)
    } else if let text = try? single.decode(String.self) {
      self = .string(text)
    } else if let elements = try? single.decode([JSONTree].self) {
      self = .array(elements)
    } else {
      self = .object(try single.decode([String: JSONTree].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var single = encoder.singleValueContainer()
    switch self {
    case .null: try single.encodeNil()
    case .bool(let flag): try single.encode(flag)
    case .number(let number): try single.encode(number)
    case .string(let text): try single.encode(text)
    case .array(let elements): try single.encode(elements)
    case .object(let members): try single.encode(members)
    }
  }

  /// The value as Foundation objects, for ``JSONWriter``.
  var value: Any {
    switch self {
    case .null: NSNull()
    case .bool(let flag): flag
    case .number(let number): number
    case .string(let text): text
    case .array(let elements): elements.map(\.value)
    case .object(let members): members.mapValues(\.value)
    }
  }
}
