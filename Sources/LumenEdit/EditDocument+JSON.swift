import Foundation
import LumenCore

/// The JSON form: `{"formatIdentifier", "formatVersion", "operations": {...}}` with only the
/// operations that change the image, keys sorted, so equal documents are equal bytes.
extension EditDocument {
  public static let formatIdentifier = "org.lumen.edit"
  /// Version 2; see ``migrateVersion1(_:)`` for version 1.
  public static let formatVersion = 2

  /// Reads a document, migrating older versions; refuses other identifiers and newer
  /// versions with ``EditDocumentError/cannotHandle(_:)``.
  public init(json data: Data) throws(EditDocumentError) {
    let root = try JSONValue.parse(data)
    let top = try root.object(allowing: ["formatIdentifier", "formatVersion", "operations"])
    guard let identifier = top["formatIdentifier"].flatMap({ $0.value as? String }),
      identifier == Self.formatIdentifier
    else {
      throw .cannotHandle(
        "not a Lumen edit document (formatIdentifier must be \"\(Self.formatIdentifier)\")")
    }
    guard let versionValue = top["formatVersion"] else {
      throw .invalid(path: "formatVersion", problem: "missing")
    }
    let version = try versionValue.integer(in: 1...Int.max)
    guard version <= Self.formatVersion else {
      throw .cannotHandle(
        "format version \(version) is newer than this build's \(Self.formatVersion)")
    }
    var operations = try top["operations"]?.object(allowing: Self.operationKeys) ?? [:]
    if version == 1 { operations = try Self.migrateVersion1(operations) }
    self = try Self(operations: operations)
  }

  /// The document as JSON (version ``formatVersion``), keys sorted: equal documents give
  /// equal bytes, and reading them back gives the same document.
  public func jsonData() -> Data {
    let object: [String: Any] = [
      "formatIdentifier": Self.formatIdentifier, "formatVersion": Self.formatVersion,
      "operations": operationsObject(),
    ]
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
    if let v = o["adjustments"] { adjustments = try Self.adjustments(v) }
    if let v = o["look"] {
      let m = try v.object(allowing: ["id", "intensity"])
      guard let id = m["id"] else { throw .invalid(path: "\(v.path).id", problem: "missing") }
      look = LookChoice(id: try id.string(), intensity: try m["intensity"]?.number(in: 0...1) ?? 1)
    }
    if let v = o["focus"] { focus = try Self.focus(v) }
    if let v = o["vignette"] {
      let m = try v.object(allowing: ["intensity", "radius", "falloff"])
      vignette = VignetteSettings(
        intensity: try m["intensity"]?.number(in: -1...1) ?? 0.5,
        radius: try m["radius"]?.number(in: 0...1.5) ?? 0.5,
        falloff: try m["falloff"]?.number(in: 0...2) ?? 0.5)
    }
    if let v = o["overlay"] {
      let m = try v.object(allowing: ["image", "blendMode", "opacity"])
      guard let image = m["image"] else {
        throw .invalid(path: "\(v.path).image", problem: "missing")
      }
      overlay = OverlaySettings(
        image: try image.string(),
        blendMode: try m["blendMode"]?.choice(BlendMode.self) ?? .normal,
        opacity: try m["opacity"]?.number(in: 0...1) ?? 1)
    }
  }

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

  private static func adjustments(_ v: JSONValue) throws(EditDocumentError) -> Adjustments {
    let m = try v.object(allowing: Set(Adjustments.fields.map(\.key)))
    var a = Adjustments()
    for field in Adjustments.fields {
      if let value = m[field.key] { a[keyPath: field.path] = try value.number(in: field.range) }
    }
    return a
  }

  private static func focus(_ v: JSONValue) throws(EditDocumentError) -> FocusSettings {
    let m = try v.object(allowing: ["mode", "x", "y", "size", "fade", "blur", "angle"])
    guard let mode = m["mode"] else { throw .invalid(path: "\(v.path).mode", problem: "missing") }
    var f = FocusSettings(mode: try mode.choice(FocusSettings.Mode.self))
    f.x = try m["x"]?.number(in: 0...1) ?? f.x
    f.y = try m["y"]?.number(in: 0...1) ?? f.y
    f.size = try m["size"]?.number(in: 0...2) ?? f.size
    f.fade = try m["fade"]?.number(in: 0...2) ?? f.fade
    f.blur = try m["blur"]?.number(in: 0...0.25) ?? f.blur
    f.angle = try m["angle"]?.number(in: -360...360) ?? f.angle
    return f
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
    let identity = Adjustments()
    let changed = Adjustments.fields.filter {
      adjustments[keyPath: $0.path] != identity[keyPath: $0.path]
    }
    if !changed.isEmpty {
      o["adjustments"] = Dictionary(
        uniqueKeysWithValues: changed.map { ($0.key, adjustments[keyPath: $0.path]) })
    }
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
      o["overlay"] = ["image": ov.image, "blendMode": ov.blendMode.rawValue, "opacity": ov.opacity]
    }
    return o
  }

  private static func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}

extension Adjustments {
  /// Every slider: its JSON key, where it lives and its range.
  static let fields:
    [(
      key: String, path: any WritableKeyPath<Adjustments, Double> & Sendable,
      range: ClosedRange<Double>
    )] = [
      ("brightness", \.brightness, -1...1), ("contrast", \.contrast, -1...1),
      ("saturation", \.saturation, -1...1), ("exposure", \.exposure, -1...1),
      ("gamma", \.gamma, 0.5...2), ("highlights", \.highlights, -1...1),
      ("shadows", \.shadows, -2...2), ("blacks", \.blacks, -1...1), ("whites", \.whites, -1...1),
      ("clarity", \.clarity, -1...1), ("temperature", \.temperature, -1...1),
      ("tint", \.tint, -1...1), ("vibrance", \.vibrance, -1...1),
      ("sharpness", \.sharpness, -1...1),
    ]
}
