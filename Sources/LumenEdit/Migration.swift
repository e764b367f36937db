/// Format history, and the steps that bring every older version to the current one on reading.
///
/// - Version 1 (the first draft) stored the rotation in degrees (`orientation.rotation`: 0,
///   90, 180, 270) and the adjustment sliders in percent of their ranges.
/// - Version 2 stores quarter turns and the sliders' own ranges.
/// - Version 3 adds time: `animations` keyed `"operation.parameter"` and the overlay's
///   `timeSpan`.
/// - Version 4 makes the document a scene: the develop stage's `operations` are followed by
///   `layers` (image and shape layers, bottom to top, each with a stable `id`); the overlay
///   of versions 2-3 became the image layer `"overlay"` stretched over the canvas, and
///   keyframe paths use slashes (`adjustments/contrast`, `layers/overlay/opacity`).
///
/// Writing: this build always writes version 4, whatever the document holds (older builds
/// refuse it as too new, "cannot handle", rather than as malformed). Writing version 2 for
/// documents without time was dropped with the overlay: a version 4 document without layers
/// is the same data under a new number, and one writer is simpler to keep exact.
extension EditDocument {
  static func migrate(_ top: [String: JSONValue], from version: Int, at root: JSONValue)
    throws(EditDocumentError) -> [String: JSONValue]
  {
    var top = top
    if version < 4, let layers = top["layers"] {
      throw layers.fail("layers need format version 4")
    }
    if version == 1, let operations = top["operations"] {
      top["operations"] = try migrateVersion1(operations)
    }
    if version < 4 { top = try migrateToVersion4(top) }
    return top
  }

  /// Version 1 -> 2: degrees to quarter turns, percent to the sliders' ranges (from the
  /// adjustments' descriptors: percent of the range's larger bound).
  static func migrateVersion1(_ operations: JSONValue) throws(EditDocumentError) -> JSONValue {
    guard var migrated = operations.value as? [String: Any] else {
      throw operations.fail("expected an object")
    }
    if let value = migrated["orientation"] {
      let orientation = JSONValue(value: value, path: operations.childPath("orientation"))
      let m = try orientation.object(allowing: ["rotation", "flipsHorizontally", "flipsVertically"])
      var object: [String: Any] = m.mapValues(\.value)
      if let rotation = m["rotation"] {
        let degrees = try rotation.integer(in: 0...270)
        guard degrees % 90 == 0 else { throw rotation.fail("rotation must be 0, 90, 180 or 270") }
        object["quarterTurns"] = degrees / 90
        object["rotation"] = nil
      }
      migrated["orientation"] = object
    }
    if let value = migrated["adjustments"] {
      let adjustments = JSONValue(value: value, path: operations.childPath("adjustments"))
      let m = try adjustments.object(allowing: Set(Adjustments.fields.map(\.name)))
      var object: [String: Any] = [:]
      for field in Adjustments.fields {
        guard let member = m[field.name] else { continue }
        let range = field.descriptor.range
        let percent = try member.number(in: (range.lowerBound * 100)...(range.upperBound * 100))
        // Rounded to 10 decimals so that the value prints and reads back exactly: the migrated
        // document must round-trip through its JSON (the fuzzer found -1.8% -> -0.018000000000000002).
        object[field.name] = (percent * 1e8).rounded() / 1e10
      }
      migrated["adjustments"] = object
    }
    return JSONValue(value: migrated, path: operations.path)
  }

  /// Versions 2-3 -> 4: the overlay becomes the image layer "overlay" (no transform: stretched,
  /// as the overlay was), and keyframe paths `"look.intensity"` become `"look/intensity"`
  /// (`"overlay.opacity"`: `"layers/overlay/opacity"`).
  static func migrateToVersion4(_ top: [String: JSONValue]) throws(EditDocumentError)
    -> [String: JSONValue]
  {
    var top = top
    if let operations = top["operations"], var members = operations.value as? [String: Any],
      let value = members["overlay"]
    {
      let overlay = JSONValue(value: value, path: operations.childPath("overlay"))
      let m = try overlay.object(allowing: ["image", "blendMode", "opacity", "timeSpan"])
      var layer: [String: Any] = ["id": "overlay", "kind": ImageContent.kind]
      layer["source"] = try overlay.required("image", in: m).value
      for key in ["blendMode", "opacity", "timeSpan"] { layer[key] = m[key]?.value }
      members["overlay"] = nil
      top["operations"] = JSONValue(value: members, path: operations.path)
      top["layers"] = JSONValue(value: [layer], path: "layers")
    }
    if let animations = top["animations"], let tracks = animations.value as? [String: Any] {
      var renamed: [String: Any] = [:]
      for (key, track) in tracks {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        let path =
          parts.count != 2
          ? key : parts[0] == "overlay" ? "layers/overlay/\(parts[1])" : "\(parts[0])/\(parts[1])"
        renamed[path] = track
      }
      top["animations"] = JSONValue(value: renamed, path: animations.path)
    }
    return top
  }
}
