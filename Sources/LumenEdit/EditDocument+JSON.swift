import Foundation
import LumenCore
import LumenFilters

/// The JSON form (format version 4):
///
///     {"formatIdentifier": "org.lumen.edit", "formatVersion": 4,
///      "operations": {"adjustments": {"contrast": 0.2}, "look": {"id": "noir", "intensity": 1}},
///      "layers": [{"id": "logo", "kind": "image", "source": "logo.png", "opacity": 0.8,
///                  "blendMode": "screen", "hidden": false, "tint": "none",
///                  "tintColor": [1, 1, 1, 1],
///                  "transform": {"x": 0.85, "y": 0.1, "width": 0.2, "height": 0.1, ...},
///                  "timeSpan": {"base": "seconds", "start": 2, "duration": 3}}],
///      "animations": {"layers/logo/opacity": {"base": "normalized", "interpolation": "linear",
///                                             "keyframes": [{"time": 0, "value": 0}, ...]}}}
///
/// `operations` holds only the operations that change the image (in the order of
/// ``operationDescriptors``); `layers` lists the scene bottom to top (absent when empty);
/// `animations` maps an ``EditParameter/path`` to a ``KeyframeTrack``. Keys are sorted, so
/// equal documents are equal bytes. Everything here is walked from the descriptors.
extension EditDocument {
  public static let formatIdentifier = "org.lumen.edit"
  /// The newest version this build reads and the one it writes; see Migration.swift.
  public static let formatVersion = 4

  /// The version ``jsonData()`` writes: always ``formatVersion`` (see Migration.swift).
  public var requiredFormatVersion: Int { Self.formatVersion }

  static let topLevelKeys: Set<String> = [
    "formatIdentifier", "formatVersion", "operations", "layers", "animations",
  ]

  /// Reads a document, migrating older versions; refuses other identifiers and newer
  /// versions with ``EditDocumentError/cannotHandle(_:)``.
  public init(json data: Data) throws(EditDocumentError) {
    try self.init(root: try JSONValue.parse(data))
  }

  private init(root: JSONValue) throws(EditDocumentError) {
    var top = try root.object(allowing: Self.topLevelKeys)
    guard let identifier = top["formatIdentifier"].flatMap({ $0.value as? String }),
      identifier == Self.formatIdentifier
    else {
      throw .cannotHandle(
        "not a Lumen edit document (formatIdentifier must be \"\(Self.formatIdentifier)\")")
    }
    let versionValue = try root.required("formatVersion", in: top)
    let version = try versionValue.integer(in: 1...Int.max)
    guard version <= Self.formatVersion else {
      throw .cannotHandle(
        "format version \(version) is newer than this build's \(Self.formatVersion)")
    }
    top = try Self.migrate(top, from: version, at: root)
    var document = EditDocument()
    if let operations = top["operations"] {
      let members = try operations.object(allowing: Set(Self.operationDescriptors.map(\.name)))
      for operation in Self.operationDescriptors {
        if let member = members[operation.name] { try operation.read(member, &document) }
      }
    }
    if let layers = top["layers"] { document.layers = try Self.layers(layers) }
    if let animations = top["animations"] {
      document.animations = try Self.animations(animations, of: document)
    }
    if document.isAnimated, version < 3 {
      throw versionValue.fail("time (animations, layer time spans) needs format version 3")
    }
    self = document
  }

  /// Reads a document from Swift values as ``jsonObject()`` gives them (dictionaries, arrays,
  /// strings, `Int`, `Double`, `Bool`), as ``init(json:)`` reads its text, limits included: a
  /// template fills values into a document's object and reads the result.
  public init(jsonObject object: Any) throws(EditDocumentError) {
    try self.init(root: try JSONValue.native(object))
  }

  /// The document as JSON (version ``formatVersion``), keys sorted: equal documents give
  /// equal bytes, and reading them back gives the same document.
  public func jsonData() -> Data {
    Data((JSONWriter.string(jsonObject()) + "\n").utf8)
  }

  /// What ``jsonData()`` writes, as Swift values (dictionaries, arrays, strings, numbers,
  /// booleans) that ``init(jsonObject:)`` reads back: a template's values go in between.
  public func jsonObject() -> [String: Any] {
    var operations: [String: Any] = [:]
    for operation in Self.operationDescriptors {
      if let value = operation.write(self) { operations[operation.name] = value }
    }
    var object: [String: Any] = [
      "formatIdentifier": Self.formatIdentifier, "formatVersion": Self.formatVersion,
      "operations": operations,
    ]
    if !layers.isEmpty { object["layers"] = layers.map(\.jsonObject) }
    if !animations.isEmpty { object["animations"] = animationsObject() }
    return object
  }

  /// Reads `layers`: at most ``EditDocumentLimits/layers``, ids unique.
  private static func layers(_ v: JSONValue) throws(EditDocumentError) -> [Layer] {
    let items = try v.array(maxCount: EditDocumentLimits.standard.layers)
    var layers: [Layer] = []
    var ids = Set<String>()
    for item in items {
      let layer = try Layer(json: item)
      guard ids.insert(layer.id).inserted else {
        throw .invalid(
          path: item.childPath("id"),
          problem: "another layer already has the id \(EchoedText.quoted(layer.id))")
      }
      layers.append(layer)
    }
    return layers
  }
}
