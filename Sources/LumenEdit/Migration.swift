/// Format history. Version 1 (the first draft of the format) stored the rotation in degrees
/// (`orientation.rotation`: 0, 90, 180, 270) and the adjustment sliders in percent
/// (-100...100, gamma 50...200); version 2 stores quarter turns and the slider ranges of
/// ``Adjustments``. Version 3 adds time (`animations` and layers' `timeSpan`) and nothing
/// else, so a version 2 document is a version 3 document without time and needs no step; it
/// is still written as version 2 (``EditDocument/requiredFormatVersion``). Every older version
/// migrates forward on reading, one step at a time.
extension EditDocument {
  static func migrateVersion1(_ operations: [String: JSONValue]) throws(EditDocumentError)
    -> [String: JSONValue]
  {
    var migrated = operations
    if let orientation = operations["orientation"] {
      let m = try orientation.object(allowing: ["rotation", "flipsHorizontally", "flipsVertically"])
      var object: [String: Any] = m.mapValues(\.value)
      if let rotation = m["rotation"] {
        let degrees = try rotation.integer(in: 0...270)
        guard degrees % 90 == 0 else { throw rotation.fail("rotation must be 0, 90, 180 or 270") }
        object["quarterTurns"] = degrees / 90
        object["rotation"] = nil
      }
      migrated["orientation"] = JSONValue(value: object, path: orientation.path)
    }
    if let adjustments = operations["adjustments"] {
      let m = try adjustments.object(allowing: Set(adjustmentKeys))
      var object: [String: Any] = [:]
      for (key, value) in m {
        let percent = try value.number(
          in: key == "shadows" ? -200...200 : key == "gamma" ? 50...200 : -100...100)
        // Rounded to 10 decimals so that the value prints and reads back exactly: the migrated
        // document must round-trip through its JSON (the fuzzer found -1.8% -> -0.018000000000000002).
        object[key] = (percent * 1e8).rounded() / 1e10
      }
      migrated["adjustments"] = JSONValue(value: object, path: adjustments.path)
    }
    return migrated
  }
}
