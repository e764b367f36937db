import LumenCore
import LumenFilters

/// A layer's JSON: one flat object, the common members (``Layer/fields``) next to its kind's
/// (`{"id": "logo", "kind": "image", "source": "logo.png", "opacity": 0.8, ...}`).
extension Layer {
  init(json v: JSONValue) throws(EditDocumentError) {
    guard let raw = v.value as? [String: Any] else { throw v.fail("expected an object") }
    let kindValue = JSONValue(value: raw["kind"] as Any, path: v.childPath("kind"))
    guard raw["kind"] != nil else { throw kindValue.fail("missing") }
    let kindName = try kindValue.string(maxLength: 64)
    guard let kind = LayerKinds.named(kindName) else {
      throw kindValue.fail(
        "\(EchoedText.quoted(kindName)) is not one of \(LayerKinds.all.map { $0.kind }.joined(separator: ", "))"
      )
    }
    self = try Self.read(kind, from: v)
  }

  private static func read<Content: LayerContent>(_: Content.Type, from v: JSONValue)
    throws(EditDocumentError) -> Layer
  {
    let members = try v.object(
      allowing: Set(["kind"] + fields.map(\.name) + Content.fields.map(\.name)))
    let content = try Content(members: members, of: v)
    var layer = try Layer(members: members, of: v)
    layer.content = content
    return layer
  }

  var jsonObject: [String: Any] {
    var object = jsonObject(omittingDefaults: false)
    object.merge(content.jsonObject(omittingDefaults: false)) { common, _ in common }
    object["kind"] = type(of: content).kind
    return object
  }

  /// Every number of this layer that keyframes may drive, common and of its kind.
  var numericLeaves: [NumericLeaf<Layer>] {
    let kind: any LayerContent.Type = type(of: content)
    let own: [NumericLeaf<Layer>] = Self.contentLeaves(of: kind)
    return Self.leaves + own
  }

  static func contentLeaves<Content: LayerContent>(of _: Content.Type)
    -> [NumericLeaf<Layer>]
  {
    Content.leaves.map {
      $0.lifted(
        prefix: "", get: { $0.content as? Content },
        set: { layer, change in
          if var content = layer.content as? Content {
            change(&content)
            layer.content = content
          }
        })
    }
  }
}
