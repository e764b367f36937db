import LumenCore
import LumenFilters
import LumenLayers

/// The members every layer has, whatever its kind.
extension Layer: DocumentSettings {
  public static let blank = Layer(id: "", content: ImageContent.blank)

  public static let fields: [DocumentField<Layer>] = [
    .identifier,
    .object(
      .vector(
        "transform", "Transform", default: [0.5, 0.5, 0.5, 0.5, 0],
        doc: "Centre (fractions of the canvas), size (fractions of its shorter side), rotation; "
          + "absent: stretched over the canvas."), \.transform),
    .number(
      .scalar("opacity", range: 0...1, default: 1, identity: 1, doc: "0 transparent, 1 opaque."),
      \.opacity),
    .choice(
      "blendMode", "Blend Mode", default: BlendMode.normal, doc: "How it mixes.", \.blendMode),
    TimeSpan.field,
    .boolean(.boolean("hidden", default: false, doc: "Kept, but not drawn."), \.hidden),
  ]

  /// The common parameters, for a user interface (each kind adds its own).
  public static var commonParameters: [ParameterDescriptor] { parameters }
}

extension DocumentField<Layer> {
  /// The layer's id: `[A-Za-z0-9_-]{1,64}`.
  static let identifier = DocumentField(
    .choice("id", "Id", options: [], default: "", doc: "Unique, [A-Za-z0-9_-]{1,64}."),
    isRequired: true,
    read: { v, layer throws(EditDocumentError) in
      let id = try v.string(maxLength: 64)
      guard Layer.isValidIdentifier(id) else {
        throw v.fail(
          "a layer id is 1 to 64 of A-Z, a-z, 0-9, _ and -, not \(EchoedText.quoted(id))")
      }
      layer.id = id
    },
    write: { $0.id },
    schema: { ["type": "string", "pattern": Layer.identifierPattern] })
}

extension Layer {
  static let identifierPattern = "^[A-Za-z0-9_-]{1,64}$"

  public static func isValidIdentifier(_ id: String) -> Bool {
    (1...64).contains(id.utf8.count)
      && id.utf8.allSatisfy { c in
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
          || c == 0x5F || c == 0x2D
      }
  }
}

extension LayerTransform: DocumentSettings {
  /// LumenLayers' defaults: a box half the shorter side, centred.
  public static let blank = LayerTransform()

  public static let fields: [DocumentField<LayerTransform>] = [
    .number(
      .scalar("x", range: -1...2, default: 0.5, doc: "Centre, fraction of the canvas width."), \.x),
    .number(
      .scalar("y", range: -1...2, default: 0.5, doc: "Centre, fraction of the canvas height."),
      \.y),
    .number(
      .scalar(
        "width", range: 0...10, default: 0.5, doc: "Fraction of the canvas's shorter side."),
      \.width),
    .number(
      .scalar(
        "height", range: 0...10, default: 0.5, doc: "Fraction of the canvas's shorter side."),
      \.height),
    .number(
      .scalar(
        "rotation", range: -360...360, default: 0, identity: 0, unit: "°",
        doc: "Clockwise about the centre."), \.rotation),
    .boolean(.boolean("flipsHorizontally", default: false, doc: "Mirrored."), \.flipsHorizontally),
    .boolean(.boolean("flipsVertically", default: false, doc: "Upside down."), \.flipsVertically),
  ]
}

extension TimeSpan {
  /// A layer's `timeSpan`: `{"base", "start", "duration"}`, absent: always shown.
  static let field = DocumentField<Layer>(
    .vector(
      "timeSpan", "Time Span", default: [0],
      doc: "When the layer shows in a video: start and optional duration."),
    read: { v, layer throws(EditDocumentError) in layer.timeSpan = try TimeSpan(json: v) },
    write: { $0.timeSpan?.jsonObject },
    schema: {
      [
        "type": "object",
        "properties": [
          "base": ["enum": TimeBase.allCases.map(\.rawValue)],
          "start": ["type": "number", "minimum": 0],
          "duration": ["type": "number", "exclusiveMinimum": 0],
        ],
        "required": ["base"], "additionalProperties": false,
      ]
    })
}

/// Colours in fields: `[red, green, blue, alpha]`.
extension LayerColor {
  var components: [Double] { [red, green, blue, alpha] }

  init(components c: [Double]) {
    self.init(
      red: c.count > 0 ? c[0] : 0, green: c.count > 1 ? c[1] : 0, blue: c.count > 2 ? c[2] : 0,
      alpha: c.count > 3 ? c[3] : 1)
  }
}
