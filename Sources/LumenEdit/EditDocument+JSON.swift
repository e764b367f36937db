import Foundation
import LumenCore

/// The JSON form: `{"formatIdentifier", "formatVersion", "operations": {...}}` with only the
/// operations that change the image, keys sorted, so equal documents are equal bytes. Video
/// documents add time (format version 3):
///
///     "operations": {"look": {"id": "noir", "intensity": 1},
///                    "overlay": {"image": "logo.png", "opacity": 1,
///                                "timeSpan": {"base": "seconds", "start": 2, "duration": 3}}},
///     "animations": {"look.intensity": {"base": "normalized", "interpolation": "easeInOut",
///                                       "keyframes": [{"time": 0, "value": 0},
///                                                     {"time": 0.25, "value": 1}]}}
///
/// `animations` maps an ``EditParameter/path`` to a ``KeyframeTrack``; a layer's `timeSpan`
/// (``TimeSpan``) has a `start` and an optional `duration` (absent: to the end of the clip).
extension EditDocument {
  public static let formatIdentifier = "org.lumen.edit"
  /// The newest version this build reads; see Migration.swift for the history.
  public static let formatVersion = 3

  /// The oldest version that can hold this document, the one ``jsonData()`` writes. Documents
  /// without time stay version 2, byte for byte as before time existed, so builds that
  /// predate it keep reading them; those builds refuse documents with time as too new, as a
  /// newer format must be refused ("cannot handle"), rather than as malformed.
  public var requiredFormatVersion: Int { isAnimated ? 3 : 2 }

  /// Reads a document, migrating older versions; refuses other identifiers and newer
  /// versions with ``EditDocumentError/cannotHandle(_:)``.
  public init(json data: Data) throws(EditDocumentError) {
    let root = try JSONValue.parse(data)
    let top = try root.object(allowing: [
      "formatIdentifier", "formatVersion", "operations", "animations",
    ])
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
    var operations = try top["operations"]?.object(allowing: Self.operationKeys) ?? [:]
    if version == 1 { operations = try Self.migrateVersion1(operations) }
    var document = try Self(operations: operations)
    if let animations = top["animations"] {
      document.animations = try Self.animations(animations, of: document)
    }
    if document.isAnimated, version < document.requiredFormatVersion {
      throw versionValue.fail(
        "time (animations, layer time spans) needs format version \(document.requiredFormatVersion)"
      )
    }
    self = document
  }

  /// The document as JSON (version ``requiredFormatVersion``), keys sorted: equal documents give
  /// equal bytes, and reading them back gives the same document.
  public func jsonData() -> Data {
    var object: [String: Any] = [
      "formatIdentifier": Self.formatIdentifier, "formatVersion": requiredFormatVersion,
      "operations": operationsObject(),
    ]
    if !animations.isEmpty { object["animations"] = animationsObject() }
    return Data((JSONWriter.string(object) + "\n").utf8)
  }

  static let operationKeys: Set<String> = [
    "orientation", "crop", "magic", "adjustments", "look", "focus", "vignette", "overlay",
  ]

  // MARK: Reading

  private init(operations o: [String: JSONValue]) throws(EditDocumentError) {
    self.init()
    if let v = o["orientation"] {
      let m = try v.object(allowing: ["quarterTurns", "flipsHorizontally", "flipsVertically"])
      orientation = EditOrientation(
        quarterTurns: try m["quarterTurns"]?.integer(in: 0...3) ?? 0,
        flipsHorizontally: try m["flipsHorizontally"]?.bool() ?? false,
        flipsVertically: try m["flipsVertically"]?.bool() ?? false)
    }
    if let v = o["crop"] { crop = try Self.crop(v) }
    magic = try o["magic"]?.bool() ?? false
    if let v = o["adjustments"] {
      try readParameters(of: "adjustments", from: v.object(allowing: Set(Self.adjustmentKeys)))
    }
    if let v = o["look"] {
      let m = try v.object(allowing: ["id", "intensity"])
      look = LookChoice(id: try v.required("id", in: m).string())
      try readParameters(of: "look", from: m)
    }
    if let v = o["focus"] {
      let m = try v.object(allowing: ["mode", "x", "y", "size", "fade", "blur", "angle"])
      focus = FocusSettings(mode: try v.required("mode", in: m).choice(FocusSettings.Mode.self))
      try readParameters(of: "focus", from: m)
    }
    if let v = o["vignette"] {
      vignette = VignetteSettings()
      try readParameters(
        of: "vignette", from: v.object(allowing: ["intensity", "radius", "falloff"]))
    }
    if let v = o["overlay"] {
      let m = try v.object(allowing: ["image", "blendMode", "opacity", "timeSpan"])
      overlay = OverlaySettings(
        image: try v.required("image", in: m).string(),
        blendMode: try m["blendMode"]?.choice(BlendMode.self) ?? .normal)
      try readParameters(of: "overlay", from: m)
      if let span = m["timeSpan"] { overlay?.timeSpan = try TimeSpan(json: span) }
    }
  }

  /// Sets the numeric parameters of `operation` (already in the document, with its defaults)
  /// that `members` has, each checked against its range.
  private mutating func readParameters(of operation: String, from members: [String: JSONValue])
    throws(EditDocumentError)
  {
    for parameter in EditParameter.all where parameter.operation == operation {
      if let value = members[parameter.name] {
        parameter.set(try value.number(in: parameter.range), in: &self)
      }
    }
  }

  /// The adjustment sliders' keys (version 1 used them too, in percent).
  static let adjustmentKeys = EditParameter.adjustments.map(\.name)

  private static func crop(_ v: JSONValue) throws(EditDocumentError) -> CropSettings {
    let m = try v.object(allowing: [
      "x", "y", "width", "height", "aspect", "forcesAspect", "straighten",
    ])
    var c = CropSettings(
      x: try m["x"]?.number(in: 0...1) ?? 0, y: try m["y"]?.number(in: 0...1) ?? 0,
      width: try m["width"]?.number(in: 0...1) ?? 1,
      height: try m["height"]?.number(in: 0...1) ?? 1,
      forcesAspect: try m["forcesAspect"]?.bool() ?? false,
      straighten: try m["straighten"]?.number(in: -45...45) ?? 0)
    guard c.width > 0, c.height > 0, c.x + c.width <= 1 + 1e-9, c.y + c.height <= 1 + 1e-9 else {
      throw v.fail("the crop rectangle must be non-empty and lie inside 0...1")
    }
    if let aspect = m["aspect"] { c.aspect = try Self.aspect(aspect) }
    return c
  }

  /// `"free"`, or `"W:H"` with positive numbers (presets 1:1, 4:3, 3:4, 16:9, 9:16 or custom).
  private static func aspect(_ v: JSONValue) throws(EditDocumentError) -> AspectRatio {
    let text = try v.string()
    if text == "free" { return .free }
    let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
    let parts = pieces.compactMap { Double($0) }
    // Ratios of real crops: both sides within 1e-4...1e4 (the fuzzer found 5e103:16).
    guard pieces.count == 2, parts.count == 2, parts.allSatisfy({ $0 >= 1e-4 && $0 <= 1e4 }) else {
      throw v.fail("expected \"free\" or \"W:H\" with numbers in 0.0001...10000, not \"\(text)\"")
    }
    return .ratio(width: parts[0], height: parts[1])
  }

  // MARK: Writing

  private func operationsObject() -> [String: Any] {
    var o: [String: Any] = [:]
    if !orientation.isIdentity {
      o["orientation"] = [
        "quarterTurns": orientation.quarterTurns,
        "flipsHorizontally": orientation.flipsHorizontally,
        "flipsVertically": orientation.flipsVertically,
      ]
    }
    if let c = crop {
      let aspect: String
      switch c.aspect {
      case .free: aspect = "free"
      case .ratio(let w, let h): aspect = "\(Self.format(w)):\(Self.format(h))"
      }
      o["crop"] = [
        "x": c.x, "y": c.y, "width": c.width, "height": c.height, "aspect": aspect,
        "forcesAspect": c.forcesAspect, "straighten": c.straighten,
      ]
    }
    if magic { o["magic"] = true }
    let identity = EditDocument()
    let changed: [(String, Double)] = EditParameter.adjustments.compactMap { p in
      guard let value = p.value(in: self), value != p.value(in: identity) else { return nil }
      return (p.name, value)
    }
    if !changed.isEmpty { o["adjustments"] = Dictionary(uniqueKeysWithValues: changed) }
    if let l = look { o["look"] = ["id": l.id, "intensity": l.intensity] }
    if let f = focus {
      o["focus"] = [
        "mode": f.mode.rawValue, "x": f.x, "y": f.y, "size": f.size, "fade": f.fade, "blur": f.blur,
        "angle": f.angle,
      ]
    }
    if let v = vignette {
      o["vignette"] = ["intensity": v.intensity, "radius": v.radius, "falloff": v.falloff]
    }
    if let ov = overlay {
      var object: [String: Any] = [
        "image": ov.image, "blendMode": ov.blendMode.rawValue, "opacity": ov.opacity,
      ]
      if let span = ov.timeSpan { object["timeSpan"] = span.jsonObject }
      o["overlay"] = object
    }
    return o
  }

  private static func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}
