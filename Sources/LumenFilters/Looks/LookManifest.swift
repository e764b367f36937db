import Foundation

/// The JSON document that lists a look library: folders in display order, each with its looks
/// in order. Users edit it, or write their own, to add looks without recompiling.
///
///     {
///       "version": 1,
///       "folders": [
///         { "id": "bw", "name": "B&W", "looks": [
///           { "id": "noir", "name": "Noir", "description": "Hard black and white.",
///             "thumbnail": "thumbnails/noir.jpg",
///             "recipe": ["saturationScale amount=0", "contrastSlope amount=1.6"] },
///           { "id": "myLook", "name": "My Look", "cube": "luts/my-look.cube" }
///         ] }
///       ]
///     }
///
/// A look is either a `recipe` (colour filters as `lumen render --filter` takes them, applied
/// in order and baked into a colour cube) or a `cube` (a LUT file). Paths are relative to the
/// manifest. Identifiers are lowerCamelCase and stable; names and descriptions may change.
public struct LookManifest: Codable, Hashable, Sendable {
  /// The manifest format version this Lumen reads.
  public static let currentVersion = 1

  public var version: Int
  public var folders: [Folder]

  public init(version: Int = currentVersion, folders: [Folder]) {
    self.version = version
    self.folders = folders
  }

  public struct Folder: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var looks: [Entry]

    public init(id: String, name: String, looks: [Entry]) {
      self.id = id
      self.name = name
      self.looks = looks
    }
  }

  public struct Entry: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var description: String?
    /// A small preview image, relative to the manifest.
    public var thumbnail: String?
    /// Colour filter requests (`"saturationScale amount=0.6"`), applied in order.
    public var recipe: [String]?
    /// A LUT file relative to the manifest (instead of a recipe).
    public var cube: String?

    public init(
      id: String, name: String, description: String? = nil, thumbnail: String? = nil,
      recipe: [String]? = nil, cube: String? = nil
    ) {
      self.id = id
      self.name = name
      self.description = description
      self.thumbnail = thumbnail
      self.recipe = recipe
      self.cube = cube
    }
  }

  /// The manifest decoded from JSON; `path` names the file in errors.
  public init(json data: Data, path: String) throws(LookError) {
    do {
      self = try JSONDecoder().decode(LookManifest.self, from: data)
    } catch let error as DecodingError {
      throw Self.describe(error, path: path)
    } catch {
      throw .invalidManifest(path: path, location: "", reason: "\(error)")
    }
    guard version == Self.currentVersion else {
      throw .invalidManifest(
        path: path, location: "version",
        reason: "unsupported version \(version); this Lumen reads version \(Self.currentVersion)")
    }
  }

  /// Pretty-printed JSON with sorted keys (stable diffs when a tool rewrites a manifest).
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// A decoding error as a location in the document and a sentence.
  private static func describe(_ error: DecodingError, path: String) -> LookError {
    func location(_ keys: [any CodingKey]) -> String {
      keys.reduce("") { text, key in
        if let index = key.intValue { return "\(text)[\(index)]" }
        return text.isEmpty ? key.stringValue : "\(text).\(key.stringValue)"
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      return .invalidManifest(
        path: path, location: location(context.codingPath),
        reason: "missing field '\(key.stringValue)'")
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return .invalidManifest(
        path: path, location: location(context.codingPath), reason: "expected \(describe(type))")
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.localizedDescription
      return .invalidManifest(
        path: path, location: location(context.codingPath),
        reason: context.codingPath.isEmpty
          ? "not valid JSON\(underlying.map { ": \($0)" } ?? "")" : context.debugDescription)
    @unknown default:
      return .invalidManifest(path: path, location: "", reason: "\(error)")
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "text"
    case is Int.Type: "a whole number"
    default: type is any Collection.Type ? "a list" : "an object"
    }
  }
}
