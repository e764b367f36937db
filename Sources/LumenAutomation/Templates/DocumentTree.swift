import Foundation
import LumenEdit

/// An edit document as a JSON tree, written into at a template's targets: dotted paths where
/// `layers.ID` is the layer whose id is ID (`layers.badge.fill`, `operations.look.id`).
struct DocumentTree {
  private(set) var root: [String: Any]

  /// A path has at most this many parts.
  static let maxDepth = 16

  init(_ document: EditDocument) {
    root = document.jsonObject()
  }

  /// The layer with `id`, as an object, and its place in `layers`.
  private func layer(_ id: String) -> (index: Int, object: [String: Any])? {
    let layers = root["layers"] as? [[String: Any]] ?? []
    guard let index = layers.firstIndex(where: { $0["id"] as? String == id }) else { return nil }
    return (index, layers[index])
  }

  /// Refuses a target that names no layer, is malformed, or does not suit the variable.
  func check(_ target: String, for variable: TemplateVariable) throws(TemplateError) {
    let parts = target.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count <= Self.maxDepth, parts.allSatisfy({ !$0.isEmpty }) else {
      throw .value(
        variable.name, "\(target): a target is up to \(Self.maxDepth) names joined by dots")
    }
    guard parts[0] == "layers" else {
      guard variable.kind != .image else {
        throw .value(variable.name, "\(target): a picture goes into an image layer (layers.ID)")
      }
      guard parts[0] == "operations", parts.count >= 2 else {
        throw .value(variable.name, "\(target): a target starts with layers.ID or operations")
      }
      return
    }
    guard parts.count >= 2, let (_, layer) = layer(parts[1]) else {
      throw .value(
        variable.name, "\(target): no layer with the id \(parts.dropFirst().first ?? "")")
    }
    let kind = layer["kind"] as? String ?? ""
    switch variable.kind {
    case .image:
      guard parts.count == 2, kind == "image" else {
        throw .value(
          variable.name,
          "\(target): a picture goes into an image layer (layers.ID), not a \(kind) layer's field")
      }
    case .text where variable.autoFit:
      guard parts.count == 3, parts[2] == "text", kind == "text" else {
        throw .value(
          variable.name, "\(target): auto-fit needs a text layer's text (layers.ID.text)")
      }
    default:
      guard parts.count >= 3 else {
        throw .value(variable.name, "\(target): name the layer's field (layers.ID.FIELD)")
      }
    }
  }

  /// Writes `value` at `target` (checked by ``check(_:for:)``), making the objects on the way.
  mutating func set(_ value: Any, at target: String) {
    let parts = target.split(separator: ".").map(String.init)
    if parts[0] == "layers", let (index, layer) = layer(parts[1]) {
      var layers = root["layers"] as? [[String: Any]] ?? []
      layers[index] = Self.setting(value, at: parts.dropFirst(2), in: layer)
      root["layers"] = layers
    } else {
      root = Self.setting(value, at: parts[...], in: root)
    }
  }

  /// An image layer's picture: its source, and how it takes its box.
  mutating func place(picture path: String, fit: String?, at target: String) {
    set(path, at: "\(target).source")
    if let fit { set(fit, at: "\(target).fit") }
  }

  /// Replaces `{{name}}` with `text` in every string of the document.
  mutating func replace(placeholder name: String, with text: String) {
    let token = "{{\(name)}}"
    func replaced(_ value: Any) -> Any {
      switch value {
      case let string as String where string.contains(token):
        string.replacingOccurrences(of: token, with: text)
      case let object as [String: Any]: object.mapValues(replaced)
      case let array as [Any]: array.map(replaced)
      default: value
      }
    }
    root = root.mapValues(replaced)
  }

  private static func setting(_ value: Any, at path: ArraySlice<String>, in object: [String: Any])
    -> [String: Any]
  {
    guard let key = path.first else { return object }
    var object = object
    if path.count == 1 {
      object[key] = value
    } else {
      object[key] = setting(value, at: path.dropFirst(), in: object[key] as? [String: Any] ?? [:])
    }
    return object
  }

  /// The tree as a document, checked as any document is.
  func document() throws(EditDocumentError) -> EditDocument {
    try EditDocument(jsonObject: root)
  }
}
