import Foundation
import LumenCore
import LumenJobs

/// An editor configuration refused: where in the JSON (`tools.adjust.sliders[2].maximum`), and why.
public struct EditorConfigurationError: Error, CustomStringConvertible, Sendable {
  public let path: String
  public let problem: String

  /// One bounded line, whatever the keys held (a forged file's key may hold a line break).
  public var description: String {
    EchoedText.line(path.isEmpty ? problem : "\(path): \(problem)")
  }
}

extension EditorConfiguration {
  /// The largest configuration file read (icons are data URIs, so it may be sizeable).
  public static let maxJSONBytes = 1 << 20

  /// Reads a configuration: the keys given replace the ``standard`` configuration's, an
  /// unknown key or an invalid value is refused with its path.
  public init(json data: Data) throws(EditorConfigurationError) {
    guard data.count <= Self.maxJSONBytes else {
      throw EditorConfigurationError(
        path: "", problem: "larger than \(Self.maxJSONBytes) bytes")
    }
    let given: Any
    do {
      given = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw EditorConfigurationError(path: "", problem: "not valid JSON")
    }
    guard given is [String: Any] else {
      throw EditorConfigurationError(path: "", problem: "expected an object")
    }
    do {
      let defaults = try JSONSerialization.jsonObject(with: Self.standard.json())
      let merged = try Self.merge(given, onto: defaults, path: "")
      self = try JSONDecoder().decode(
        EditorConfiguration.self, from: JSONSerialization.data(withJSONObject: merged))
    } catch let error as EditorConfigurationError {
      throw error
    } catch let error as DecodingError {
      throw Self.describe(error)
    } catch {
      throw EditorConfigurationError(path: "", problem: "\(error)")
    }
    try check()
  }

  /// The whole configuration, every key present (nil values as null), keys sorted.
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// `given` laid over `defaults`: an object's keys must be keys of the default object,
  /// except where the default is an empty object (a dictionary of the user's: icons, theme
  /// colours); arrays, nulls and plain values are replaced whole.
  private static func merge(_ given: Any, onto defaults: Any, path: String) throws -> Any {
    guard let object = given as? [String: Any], let known = defaults as? [String: Any],
      !known.isEmpty
    else { return given }
    var merged = known
    for (key, value) in object {
      let child = path.isEmpty ? key : "\(path).\(key)"
      guard let fallback = known[key] else {
        throw EditorConfigurationError(
          path: child,
          problem: "unknown key (expected one of \(known.keys.sorted().joined(separator: ", ")))")
      }
      merged[key] = try merge(value, onto: fallback, path: child)
    }
    return merged
  }

  /// A decoding failure as the path of the value and what was wrong with it.
  private static func describe(_ error: DecodingError) -> EditorConfigurationError {
    func path(_ keys: [any CodingKey]) -> String {
      keys.reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      return EditorConfigurationError(path: path(context.codingPath + [key]), problem: "missing")
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return EditorConfigurationError(
        path: path(context.codingPath), problem: "expected \(Self.describe(type))")
    case .dataCorrupted(let context):
      return EditorConfigurationError(
        path: path(context.codingPath), problem: context.debugDescription)
    @unknown default:
      return EditorConfigurationError(path: "", problem: "\(error)")
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Double.Type, is Int.Type: "a number"
    case is [Any].Type: "an array"
    default: "an object"
    }
  }
}

extension EditorConfiguration.MenuItem: Codable {
  private enum CodingKeys: String, CodingKey, CaseIterable { case tool, action }

  public init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      guard text == "separator" else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath,
            debugDescription:
              "expected \"separator\", {\"tool\": NAME} or {\"action\": NAME}, not \"\(text.prefix(64))\""
          ))
      }
      self = .separator
      return
    }
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    guard c.allKeys.count == 1 else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a menu entry is {\"tool\": NAME} or {\"action\": NAME}"))
    }
    if let tool = try c.decodeIfPresent(EditorConfiguration.Tool.self, forKey: .tool) {
      self = .tool(tool)
    } else {
      self = .action(try c.decode(EditorConfiguration.Action.self, forKey: .action))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .separator:
      var c = encoder.singleValueContainer()
      try c.encode("separator")
    case .tool(let tool):
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(tool, forKey: .tool)
    case .action(let action):
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(action, forKey: .action)
    }
  }
}
