import LumenCore
import LumenFilters

extension EditDocument {
  /// The develop stage's operations in rendering order: what a user interface lists, and what
  /// the reader, writer, schema, keyframe paths and renderer walk.
  public static let operationDescriptors: [OperationDescriptor] = [
    .always(
      "orientation", "Orientation", stage: .geometry,
      doc: "Quarter turns clockwise, then mirroring; applied first.", \.orientation
    ) { settings, image, _ in settings.apply(to: image) },
    .optional(
      "crop", "Crop", stage: .geometry,
      doc: "Straightens, then keeps a rectangle of the oriented image.", \.crop
    ) { settings, image, _ in try settings.apply(to: image) },
    .flag(
      "magic", "Magic", stage: .geometry,
      doc: "Automatic levels, contrast and white balance from the cropped image.", \.magic
    ) { image, inputs in
      try (inputs.magic ?? MagicAnalysis(analysing: image, context: inputs.context)).apply(
        to: image)
    },
    .always(
      "adjustments", "Adjustments", doc: "The sliders, each at its identity by default.",
      \.adjustments
    ) { settings, image, _ in try settings.apply(to: image) },
    .optional("look", "Look", doc: "A look from the library, by id, with its intensity.", \.look) {
      settings, image, inputs in
      image.applying(
        try inputs.resources.look(settings.reference), intensity: Float(settings.intensity))
    },
    .optional("focus", "Focus", doc: "Sharp where the user points, blurred elsewhere.", \.focus) {
      settings, image, _ in try settings.apply(to: image)
    },
    .optional("vignette", "Vignette", doc: Vignette.descriptor.summary, \.vignette) {
      settings, image, _ in
      try Vignette(
        intensity: settings.intensity, radius: settings.radius, falloff: settings.falloff
      )
      .apply(to: image)
    },
  ]

  static let operationsByName = Dictionary(
    uniqueKeysWithValues: operationDescriptors.map { ($0.name, $0) })
}

extension EditOrientation: DocumentSettings {
  public static let blank = EditOrientation()
  public static let fields: [DocumentField<EditOrientation>] = [
    .integer(
      .integer(
        "quarterTurns", range: 0...3, default: 0, identity: 0, doc: "Quarter turns clockwise."),
      \.quarterTurns),
    .boolean(
      .boolean("flipsHorizontally", default: false, doc: "Mirrors left and right after turning."),
      \.flipsHorizontally),
    .boolean(
      .boolean("flipsVertically", default: false, doc: "Mirrors top and bottom after turning."),
      \.flipsVertically),
  ]
}

extension CropSettings: DocumentSettings {
  public static let blank = CropSettings()
  public static let fields: [DocumentField<CropSettings>] = [
    .number(.scalar("x", range: 0...1, default: 0, doc: "Left edge, fraction of the width."), \.x),
    .number(.scalar("y", range: 0...1, default: 0, doc: "Top edge, fraction of the height."), \.y),
    .number(.scalar("width", range: 0...1, default: 1, doc: "Fraction of the width."), \.width),
    .number(.scalar("height", range: 0...1, default: 1, doc: "Fraction of the height."), \.height),
    AspectRatio.field,
    .boolean(
      .boolean(
        "forcesAspect", default: false,
        doc: "Whether an editor keeps the user from changing the aspect (it applies either way)."),
      \.forcesAspect),
    .number(
      .scalar(
        "straighten", range: -45...45, default: 0, identity: 0, unit: "°",
        doc: "Rotation about the centre, zoomed so that no empty corner shows."),
      \.straighten),
  ]

  public func validate() -> String? {
    width > 0 && height > 0 && x + width <= 1 + 1e-9 && y + height <= 1 + 1e-9
      ? nil : "the crop rectangle must be non-empty and lie inside 0...1"
  }
}

extension Adjustments: DocumentSettings {
  public static let blank = Adjustments()

  private static func slider(
    _ name: String, _ keyPath: any WritableKeyPath<Adjustments, Double> & Sendable,
    _ doc: String, range: ClosedRange<Double> = -1...1, identity: Double = 0,
    unit: String? = nil
  ) -> DocumentField<Adjustments> {
    .number(
      .scalar(name, range: range, default: identity, identity: identity, unit: unit, doc: doc),
      keyPath)
  }

  /// PhotoEditor SDK names and ranges.
  public static let fields: [DocumentField<Adjustments>] = [
    slider("brightness", \.brightness, "Adds to every channel."),
    slider("contrast", \.contrast, "Scales about mid-grey by 1 + contrast."),
    slider("saturation", \.saturation, "Mixes with Rec. 709 luma by 1 + saturation."),
    slider("exposure", \.exposure, "Multiplies linear light by 2^exposure.", unit: "EV"),
    slider("gamma", \.gamma, "Raises to 1 / gamma.", range: 0.5...2, identity: 1),
    slider("highlights", \.highlights, "Brightens or darkens the bright tones."),
    slider("shadows", \.shadows, "Brightens or darkens the dark tones.", range: -2...2),
    slider("blacks", \.blacks, "Moves the black point to blacks / 2."),
    slider("whites", \.whites, "Moves the white point to 1 + whites / 2."),
    slider("clarity", \.clarity, "Local contrast."),
    slider("temperature", \.temperature, "Warmer (positive) or cooler."),
    slider("tint", \.tint, "Magenta (positive) or green."),
    slider("vibrance", \.vibrance, "Saturates the muted colours most."),
    slider("sharpness", \.sharpness, "Sharpens (positive) or softens."),
  ]
}

extension LookChoice: DocumentSettings {
  public static let blank = LookChoice(id: "")

  /// What the resources look up: the id with the parsed layout.
  var reference: LookReference {
    LookReference(id: id, layout: layout)
  }

  public func validate() -> String? {
    guard let layout else { return nil }
    do {
      _ = try LUTLayout(parsing: layout)
      return nil
    } catch {
      return "layout: \(error)"
    }
  }

  public static let fields: [DocumentField<LookChoice>] = [
    .text(
      "id", "Look", maxLength: 4096,
      doc: "A library look's id, or a LUT file: .cube, or an image with its layout.", \.id),
    .optionalText(
      "layout", "LUT layout", maxLength: 64,
      doc: "How a LUT image stores its table: hald, hald:LEVEL, tiled8x8 or tiled:TILESxLEVELS.",
      \.layout),
    .number(
      .scalar(
        "intensity", range: 0...1, default: 1, identity: 0,
        doc: "0 is the original, 1 the full look."), \.intensity),
  ]
}

extension FocusSettings: DocumentSettings {
  public static let blank = FocusSettings(mode: .radial)
  public static let fields: [DocumentField<FocusSettings>] = [
    .choice("mode", default: Mode.radial, isRequired: true, doc: "The sharp area's shape.", \.mode),
    .number(.scalar("x", range: 0...1, default: 0.5, doc: "Centre, fraction of the width."), \.x),
    .number(.scalar("y", range: 0...1, default: 0.5, doc: "Centre, fraction of the height."), \.y),
    .number(
      .scalar("size", range: 0...2, default: 0.3, doc: "Sharp area, fraction of the shorter side."),
      \.size),
    .number(
      .scalar("fade", range: 0...2, default: 0.2, doc: "Transition, fraction of the shorter side."),
      \.fade),
    .number(
      .scalar(
        "blur", range: 0...0.25, default: 0.02, identity: 0,
        doc: "Blur sigma outside, fraction of the shorter side."), \.blur),
    .number(
      .scalar(
        "angle", range: -360...360, default: 0, unit: "°", doc: "For the linear and mirrored modes."
      ), \.angle),
  ]
}

extension VignetteSettings: DocumentSettings {
  public static let blank = VignetteSettings()
  /// The vignette filter's own descriptors: one table of ranges for the filter and documents.
  public static let fields: [DocumentField<VignetteSettings>] = [
    filterField("intensity", \.intensity), filterField("radius", \.radius),
    filterField("falloff", \.falloff),
  ]

  private static func filterField(
    _ name: String, _ keyPath: any WritableKeyPath<VignetteSettings, Double> & Sendable
  ) -> DocumentField<VignetteSettings> {
    .number(
      Vignette.descriptor.parameter(named: name)
        ?? .scalar(name, range: 0...0, default: 0, doc: "missing from the vignette filter"),
      keyPath)
  }
}

extension AspectRatio {
  /// `"free"`, or `"W:H"` with numbers in 0.0001...10000 (presets 1:1, 4:3, 3:4, 16:9, 9:16).
  static let field = DocumentField<CropSettings>(
    .choice(
      "aspect", options: ["free", "1:1", "4:3", "3:4", "16:9", "9:16"], default: "free",
      doc: "\"free\", a preset or any \"W:H\": the kept rectangle is the largest of this aspect"
        + " centred in x, y, width, height."),
    read: { v, crop throws(EditDocumentError) in crop.aspect = try AspectRatio(json: v) },
    write: { $0.aspect.text },
    schema: { ["type": "string", "pattern": "^(free|[0-9.eE+-]+:[0-9.eE+-]+)$"] })

  init(json v: JSONValue) throws(EditDocumentError) {
    let text = try v.string(maxLength: 64)
    guard let ratio = AspectRatio(text: text) else {
      throw v.fail(
        "expected \"free\" or \"W:H\" with numbers in 0.0001...10000, not \(EchoedText.quoted(text))"
      )
    }
    self = ratio
  }

  /// `"free"`, or `"W:H"` with both numbers in 0.0001...10000; nil for any other text.
  public init?(text: String) {
    if text == "free" {
      self = .free
      return
    }
    let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
    let parts = pieces.compactMap { Double($0) }
    // Ratios of real crops: both sides within 1e-4...1e4 (the fuzzer found 5e103:16).
    guard pieces.count == 2, parts.count == 2, parts.allSatisfy({ $0 >= 1e-4 && $0 <= 1e4 }) else {
      return nil
    }
    self = .ratio(width: parts[0], height: parts[1])
  }

  public var text: String {
    switch self {
    case .free: "free"
    case .ratio(let w, let h): "\(Self.format(w)):\(Self.format(h))"
    }
  }

  private static func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}
