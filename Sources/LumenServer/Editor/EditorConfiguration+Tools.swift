import LumenAssets
import LumenCore
import LumenEdit
import LumenJobs

extension EditorConfiguration {
  /// Each tool's options; a tool without options (vignette) has no entry.
  public struct ToolOptions: Codable, Hashable, Sendable {
    public var transform = TransformOptions()
    public var filter = FilterOptions()
    public var adjust = AdjustOptions()
    public var focus = FocusOptions()
    public var overlay = OverlayOptions()
    public var text = TextOptions()
    public var textDesign = TextDesignOptions()
    public var sticker = AssetSourceOptions(sources: ["lumen.sticker"])
    public var brush = BrushOptions()
    public var frame = AssetSourceOptions(sources: ["lumen.frame"])

    public init() {}
  }

  /// A crop ratio button.
  public struct CropPreset: Codable, Hashable, Sendable {
    public var label: String
    /// `"free"` or `"W:H"`, as a document's crop aspect.
    public var aspect: String

    public init(label: String, aspect: String) {
      self.label = label
      self.aspect = aspect
    }
  }

  public struct TransformOptions: Codable, Hashable, Sendable {
    public var cropPresets: [CropPreset] = [
      CropPreset(label: "Free", aspect: "free"), CropPreset(label: "Square", aspect: "1:1"),
      CropPreset(label: "4:3", aspect: "4:3"), CropPreset(label: "3:4", aspect: "3:4"),
      CropPreset(label: "16:9", aspect: "16:9"), CropPreset(label: "9:16", aspect: "9:16"),
    ]
    /// `"W:H"` the crop is locked to (the document's crop forces it); nil: the user chooses.
    @Nullable public var forcedAspect: String?
    public var allowsRotation = true
    public var allowsFlip = true
    public var allowsStraighten = true

    public init() {}
  }

  public struct FilterOptions: Codable, Hashable, Sendable {
    /// The look folders shown, in order; nil: every folder of the look library.
    @Nullable public var folders: [String]?
    public var showsIntensity = true

    public init() {}
  }

  /// An adjustment slider and its limits, within the document's range for it.
  public struct Slider: Codable, Hashable, Sendable {
    /// A key of the document's `operations.adjustments`.
    public var name: String
    public var minimum: Double
    public var maximum: Double

    /// The slider `name` over `range`, or the document's whole range for it.
    public init(_ name: String, range: ClosedRange<Double>? = nil) {
      self.name = name
      let whole = Self.documentRange(of: name) ?? 0...0
      minimum = range?.lowerBound ?? whole.lowerBound
      maximum = range?.upperBound ?? whole.upperBound
    }

    /// The range the edit document allows for the adjustment `name`; nil: no such slider.
    static func documentRange(of name: String) -> ClosedRange<Double>? {
      guard let field = Adjustments.fields.first(where: { $0.name == name }),
        case .scalar(let low, let high, _, _) = field.descriptor.kind
      else { return nil }
      return low...high
    }
  }

  public struct AdjustOptions: Codable, Hashable, Sendable {
    /// The sliders shown, in order.
    public var sliders = Adjustments.fields.map { Slider($0.name) }

    public init() {}
  }

  public struct FocusOptions: Codable, Hashable, Sendable {
    public var modes = FocusSettings.Mode.allCases.map(\.rawValue)

    public init() {}
  }

  public struct OverlayOptions: Codable, Hashable, Sendable {
    public var blendModes: [String] = [
      "screen", "multiply", "overlay", "softLight", "hardLight", "normal", "darken", "lighten",
    ]
    /// The asset sources whose pictures the overlay offers.
    public var sources = ["lumen.overlay"]

    public init() {}
  }

  public struct TextOptions: Codable, Hashable, Sendable {
    /// Font families of the built-in font source; the first is the default.
    public var fonts = EditorConfiguration.builtInFontFamilies
    /// Swatches, `#rrggbb` or `#rrggbbaa`.
    public var colors = EditorConfiguration.swatches

    public init() {}
  }

  public struct TextDesignOptions: Codable, Hashable, Sendable {
    public var recipes = TextDesignRecipe.allCases.map(\.rawValue)

    public init() {}
  }

  /// Which asset sources a picker lists (stickers, frames).
  public struct AssetSourceOptions: Codable, Hashable, Sendable {
    public var sources: [String]

    public init(sources: [String]) { self.sources = sources }
  }

  public struct BrushOptions: Codable, Hashable, Sendable {
    /// Tip sizes, fractions of the canvas's shorter side (as a stroke's `size`).
    public var sizes = [0.005, 0.01, 0.02, 0.04]
    public var colors = EditorConfiguration.swatches
    /// The hardness a new stroke starts with, 0...1.
    public var hardness = 0.8

    public init() {}
  }

  public struct Theme: Codable, Hashable, Sendable {
    public enum Base: String, NamedChoice, Sendable { case light, dark }
    public var base = Base.light
    /// Overrides of the editor's colours by name (``colorNames``), as `#rrggbb`.
    public var colors: [String: String] = [:]

    public static let colorNames = [
      "accent", "background", "border", "mutedText", "surface", "text",
    ]

    public init(base: Base = .light, colors: [String: String] = [:]) {
      self.base = base
      self.colors = colors
    }
  }

  public struct ExportDefaults: Codable, Hashable, Sendable {
    /// A photo format (`jpeg`, `png`, `webp`, `heic`); videos export MP4.
    public var format = "jpeg"
    public var quality = 90
    /// The longest side of the exported photo in pixels; nil: full size.
    @Nullable public var maxSize: Int?
    /// Whether the edit document is saved beside the exported photo.
    public var embedsDocument = false

    public init() {}
  }

  /// The colour swatches text and brush start with.
  public static let swatches = [
    "#ffffff", "#000000", "#e53935", "#fb8c00", "#fdd835", "#43a047", "#1e88e5", "#8e24aa",
  ]

  /// The families of the built-in font source, in its order.
  public static var builtInFontFamilies: [String] {
    let fonts = (try? AssetLibrary.builtIn)?.sources.first { $0.id == "lumen.font" }
    return fonts?.assets.compactMap { $0.payloadString("family") } ?? []
  }
}

extension EditorConfiguration.Slider {
  private enum CodingKeys: String, CodingKey, CaseIterable { case name, minimum, maximum }

  /// `{"name": "contrast"}` takes the document's whole range; `minimum` and `maximum` narrow it.
  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(try c.decode(String.self, forKey: .name))
    minimum = try c.decodeIfPresent(Double.self, forKey: .minimum) ?? minimum
    maximum = try c.decodeIfPresent(Double.self, forKey: .maximum) ?? maximum
  }
}

extension EditorConfiguration.CropPreset {
  private enum CodingKeys: String, CodingKey, CaseIterable { case label, aspect }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      label: try c.decode(String.self, forKey: .label),
      aspect: try c.decode(String.self, forKey: .aspect))
  }
}

extension EditorConfiguration.ExportDefaults {
  private enum CodingKeys: String, CodingKey { case format, quality, maxSize, embedsDocument }

  /// Whole numbers are read as numbers first, so that 1e300 is refused with its path.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    format = try c.decode(String.self, forKey: .format)
    quality = try c.decodeWholeNumber(forKey: .quality, in: PhotoEncoding.qualityRange) ?? quality
    maxSize = try c.decodeWholeNumber(forKey: .maxSize, in: RenderJob.previewRange)
    embedsDocument = try c.decode(Bool.self, forKey: .embedsDocument)
  }
}
