import Foundation
import LumenCore

/// Filters by name. ``standard`` holds the built-in filters; copy it and ``register(_:)`` custom
/// filters to extend it. A value type: registering changes only your copy, so there is no
/// global state to race on.
public struct FilterRegistry: Sendable {
  private var types: [String: any Filter.Type] = [:]

  /// An empty registry.
  public init() {}

  /// A registry of `types`; throws on duplicate names or invalid descriptors.
  public init(_ types: [any Filter.Type]) throws(FilterError) {
    for type in types { try register(type) }
  }

  /// Every built-in filter.
  public static let standard: FilterRegistry = {
    var registry = FilterRegistry()
    for type in builtIns { registry.types[type.descriptor.name] = type }
    return registry
  }()

  /// The built-in filter types, in no particular order (tests check their descriptors).
  public static let builtIns: [any Filter.Type] = [
    Exposure.self, Brightness.self, Contrast.self, Saturation.self, Vibrance.self, Gamma.self,
    Temperature.self, Tint.self, HighlightsAndShadows.self,
    ColorMatrixFilter.self, Sepia.self, Monochrome.self, Invert.self,
    GaussianBlur.self, Sharpen.self, Vignette.self, Pixellate.self,
    Crop.self, Rotate.self, Flip.self, Straighten.self, Resize.self,
    Duotone.self, SplitTone.self, LookFilter.self,
  ]

  /// Adds a filter type after checking its descriptor (``FilterDescriptor/validate()``).
  public mutating func register(_ type: any Filter.Type) throws(FilterError) {
    let descriptor = type.descriptor
    try descriptor.validate()
    guard types[descriptor.name] == nil else { throw .duplicateFilter(descriptor.name) }
    types[descriptor.name] = type
  }

  /// The filter type called `name`.
  public subscript(name: String) -> (any Filter.Type)? { types[name] }

  /// All names, sorted.
  public var names: [String] { types.keys.sorted() }

  /// All descriptors, sorted by folder, then name.
  public var descriptors: [FilterDescriptor] {
    types.values.map { $0.descriptor }.sorted { ($0.folder, $0.name) < ($1.folder, $1.name) }
  }

  public func descriptor(named name: String) throws(FilterError) -> FilterDescriptor {
    try type(named: name).descriptor
  }

  /// The filter `name` made from `values` (checked against its descriptor).
  public func makeFilter(named name: String, values: ParameterValues = [:]) throws(FilterError)
    -> any Filter
  {
    try type(named: name).init(values)
  }

  public func makeFilter(_ request: FilterRequest) throws(FilterError) -> any Filter {
    try makeFilter(named: request.name, values: request.values)
  }

  /// Parses and makes a filter from its command-line form: `"contrast amount=1.2"`.
  public func makeFilter(parsing text: String) throws(FilterError) -> any Filter {
    try makeFilter(FilterRequest.parse(text))
  }

  /// The descriptors as a JSON array (sorted as ``descriptors``, keys sorted), for
  /// `lumen filters --json` and the web editor.
  public func json(prettyPrinted: Bool = true) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = prettyPrinted ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
    return try encoder.encode(descriptors)
  }

  /// Names the built-in filters gave up so that every name means one thing: these words are
  /// the edit document's adjustments (PhotoEditor SDK's scales, 0 = unchanged; `crop` in
  /// fractions of the image), while these filters keep Core Image's scales (contrast and
  /// saturation 1 = unchanged, gamma as an exponent; crops in pixels) under their own names.
  /// A request for an old name says where it went.
  public static let renamed: [String: (now: String, meaning: String)] = [
    "contrast": ("contrastSlope", "slider, where 0 leaves the image unchanged"),
    "saturation": ("saturationScale", "slider, where 0 leaves the image unchanged"),
    "gamma": ("gammaPower", "slider, which raises to 1 / gamma"),
    "crop": ("pixelCrop", "crop, in fractions of the image"),
  ]

  private func type(named name: String) throws(FilterError) -> any Filter.Type {
    guard let type = types[name] else {
      if let (now, meaning) = Self.renamed[name], types[now] != nil {
        throw .renamedFilter(name, now: now, meaning: meaning)
      }
      throw .unknownFilter(name, known: names)
    }
    return type
  }
}
