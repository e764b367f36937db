/// A numeric parameter of the document (a slider): its key in the JSON, the values it may
/// take, and where it lives in ``EditDocument``. The one table of ranges: the decoder checks
/// static values and keyframe values against it, and keyframe tracks drive its parameters.
///
/// Orientation and crop have no parameters here: every frame of a clip must keep one size, so
/// geometry does not change over time.
public struct EditParameter: Hashable, Sendable, CustomStringConvertible {
  /// The parameter's key inside its operation's object ("contrast").
  public let name: String
  public let range: ClosedRange<Double>
  private let slot: Slot

  /// Where the value is stored: a field of one operation's settings.
  private enum Slot: Sendable {
    case adjustments(any WritableKeyPath<Adjustments, Double> & Sendable)
    case look(any WritableKeyPath<LookChoice, Double> & Sendable)
    case focus(any WritableKeyPath<FocusSettings, Double> & Sendable)
    case vignette(any WritableKeyPath<VignetteSettings, Double> & Sendable)
    case overlay(any WritableKeyPath<OverlaySettings, Double> & Sendable)
  }

  private init(_ name: String, _ range: ClosedRange<Double>, _ slot: Slot) {
    self.name = name
    self.range = range
    self.slot = slot
  }

  /// The operation's key in the document's `operations` ("adjustments").
  public var operation: String {
    switch slot {
    case .adjustments: "adjustments"
    case .look: "look"
    case .focus: "focus"
    case .vignette: "vignette"
    case .overlay: "overlay"
    }
  }

  /// "adjustments.contrast": the key of the parameter's track in `animations`.
  public var path: String { "\(operation).\(name)" }
  public var description: String { path }

  public static func == (a: EditParameter, b: EditParameter) -> Bool { a.path == b.path }
  public func hash(into hasher: inout Hasher) { hasher.combine(path) }

  /// The parameter's value in `document`, or nil when the document lacks its operation.
  public func value(in document: EditDocument) -> Double? {
    switch slot {
    case .adjustments(let field): document.adjustments[keyPath: field]
    case .look(let field): document.look?[keyPath: field]
    case .focus(let field): document.focus?[keyPath: field]
    case .vignette(let field): document.vignette?[keyPath: field]
    case .overlay(let field): document.overlay?[keyPath: field]
    }
  }

  /// Sets the parameter in `document`; nothing happens when the document lacks its operation.
  public func set(_ value: Double, in document: inout EditDocument) {
    switch slot {
    case .adjustments(let field): document.adjustments[keyPath: field] = value
    case .look(let field): document.look?[keyPath: field] = value
    case .focus(let field): document.focus?[keyPath: field] = value
    case .vignette(let field): document.vignette?[keyPath: field] = value
    case .overlay(let field): document.overlay?[keyPath: field] = value
    }
  }

  /// The parameter whose ``path`` is `path`.
  public init?(path: String) {
    guard let parameter = Self.byPath[path] else { return nil }
    self = parameter
  }

  private static let byPath = Dictionary(uniqueKeysWithValues: all.map { ($0.path, $0) })
}

/// The sliders, with PhotoEditor SDK names and ranges for the adjustments.
extension EditParameter {
  public static let brightness = EditParameter("brightness", -1...1, .adjustments(\.brightness))
  public static let contrast = EditParameter("contrast", -1...1, .adjustments(\.contrast))
  public static let saturation = EditParameter("saturation", -1...1, .adjustments(\.saturation))
  public static let exposure = EditParameter("exposure", -1...1, .adjustments(\.exposure))
  public static let gamma = EditParameter("gamma", 0.5...2, .adjustments(\.gamma))
  public static let highlights = EditParameter("highlights", -1...1, .adjustments(\.highlights))
  public static let shadows = EditParameter("shadows", -2...2, .adjustments(\.shadows))
  public static let blacks = EditParameter("blacks", -1...1, .adjustments(\.blacks))
  public static let whites = EditParameter("whites", -1...1, .adjustments(\.whites))
  public static let clarity = EditParameter("clarity", -1...1, .adjustments(\.clarity))
  public static let temperature = EditParameter(
    "temperature", -1...1, .adjustments(\.temperature))
  public static let tint = EditParameter("tint", -1...1, .adjustments(\.tint))
  public static let vibrance = EditParameter("vibrance", -1...1, .adjustments(\.vibrance))
  public static let sharpness = EditParameter("sharpness", -1...1, .adjustments(\.sharpness))

  public static let lookIntensity = EditParameter("intensity", 0...1, .look(\.intensity))

  public static let focusX = EditParameter("x", 0...1, .focus(\.x))
  public static let focusY = EditParameter("y", 0...1, .focus(\.y))
  public static let focusSize = EditParameter("size", 0...2, .focus(\.size))
  public static let focusFade = EditParameter("fade", 0...2, .focus(\.fade))
  public static let focusBlur = EditParameter("blur", 0...0.25, .focus(\.blur))
  public static let focusAngle = EditParameter("angle", -360...360, .focus(\.angle))

  public static let vignetteIntensity = EditParameter("intensity", -1...1, .vignette(\.intensity))
  public static let vignetteRadius = EditParameter("radius", 0...1.5, .vignette(\.radius))
  public static let vignetteFalloff = EditParameter("falloff", 0...2, .vignette(\.falloff))

  public static let overlayOpacity = EditParameter("opacity", 0...1, .overlay(\.opacity))

  /// The adjustment sliders, in the order the JSON lists them.
  public static let adjustments: [EditParameter] = [
    brightness, contrast, saturation, exposure, gamma, highlights, shadows, blacks, whites,
    clarity, temperature, tint, vibrance, sharpness,
  ]

  /// Every numeric parameter of the document.
  public static let all: [EditParameter] =
    adjustments + [
      lookIntensity, focusX, focusY, focusSize, focusFade, focusBlur, focusAngle,
      vignetteIntensity, vignetteRadius, vignetteFalloff, overlayOpacity,
    ]
}
