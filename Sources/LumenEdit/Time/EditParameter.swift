import LumenFilters

/// A number of the document a keyframe track may drive, addressed by a slash path:
/// `adjustments/contrast`, `look/intensity`, `layers/<id>/opacity`, `layers/<id>/transform/x`
/// (any numeric member of a layer, its transform's included). Derived from the operations' and
/// layer kinds' descriptors: their ranges check static and keyframe values alike.
///
/// Orientation and crop have none: every frame of a clip must keep one size, so geometry does
/// not change over time.
public struct EditParameter: Hashable, Sendable, CustomStringConvertible {
  /// The key of the parameter's track in `animations`.
  public let path: String
  public let descriptor: ParameterDescriptor
  public var range: ClosedRange<Double> { descriptor.range }
  private let get: @Sendable (EditDocument) -> Double?
  private let put: @Sendable (inout EditDocument, Double) -> Void

  private init(path: String, leaf: NumericLeaf<EditDocument>) {
    self.path = path
    self.descriptor = leaf.descriptor
    self.get = leaf.get
    self.put = leaf.set
  }

  /// The parameter's key inside its owner ("contrast", "transform/x").
  public var name: String {
    let parts = path.split(separator: "/", maxSplits: isLayerParameter ? 2 : 1)
    return parts.last.map(String.init) ?? path
  }

  /// The operation it belongs to ("adjustments"), or "layers".
  public var operation: String { path.split(separator: "/").first.map(String.init) ?? path }

  /// The id of the layer it belongs to, if it is a layer's.
  public var layerID: String? {
    guard isLayerParameter else { return nil }
    let parts = path.split(separator: "/", maxSplits: 2)
    return parts.count == 3 ? String(parts[1]) : nil
  }

  private var isLayerParameter: Bool { path.hasPrefix("layers/") }

  public var description: String { path }
  public static func == (a: EditParameter, b: EditParameter) -> Bool { a.path == b.path }
  public func hash(into hasher: inout Hasher) { hasher.combine(path) }

  /// The parameter's value in `document`, or nil when the document lacks its operation or layer.
  public func value(in document: EditDocument) -> Double? { get(document) }

  /// Sets the parameter in `document`; nothing happens when the document lacks its owner.
  public func set(_ value: Double, in document: inout EditDocument) { put(&document, value) }

  /// The parameter at `path`: an operation's, or a layer's named by any layer kind (a layer's
  /// range comes from the first kind that has the name; see ``init(path:in:)``).
  public init?(path: String) {
    if let parameter = Self.byPath[path] {
      self = parameter
      return
    }
    guard let (id, name) = Self.layerPath(path) else { return nil }
    let candidates = Layer.leaves + LayerKinds.all.flatMap { kind in Layer.contentLeaves(of: kind) }
    guard let leaf = candidates.first(where: { $0.path == name }) else { return nil }
    self.init(layer: id, leaf: leaf)
  }

  /// The parameter at `path` as `document` has it: a layer's must name a layer of the document
  /// and a number its kind has.
  public init?(path: String, in document: EditDocument) {
    if let parameter = Self.byPath[path] {
      self = parameter
      return
    }
    guard let (id, name) = Self.layerPath(path),
      let layer = document.layers.first(where: { $0.id == id }),
      let leaf = layer.numericLeaves.first(where: { $0.path == name })
    else { return nil }
    self.init(layer: id, leaf: leaf)
  }

  /// The parameter `name` ("opacity", "transform/x") of the layer `id`.
  public static func layer(_ id: String, _ name: String) -> EditParameter? {
    EditParameter(path: "layers/\(id)/\(name)")
  }

  private init(layer id: String, leaf: NumericLeaf<Layer>) {
    let lifted = leaf.lifted(
      prefix: "layers/\(id)",
      get: { (document: EditDocument) in document.layers.first { $0.id == id } },
      set: { document, change in
        if let index = document.layers.firstIndex(where: { $0.id == id }) {
          change(&document.layers[index])
        }
      })
    self.init(path: lifted.path, leaf: lifted)
  }

  private static func layerPath(_ path: String) -> (id: String, name: String)? {
    let parts = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "layers", Layer.isValidIdentifier(String(parts[1])) else {
      return nil
    }
    return (String(parts[1]), String(parts[2]))
  }

  /// Every operation's parameter (layers' are per document: see ``init(path:in:)``).
  public static let all: [EditParameter] = EditDocument.operationDescriptors.flatMap { operation in
    operation.leaves.map { EditParameter(path: $0.path, leaf: $0) }
  }

  private static let byPath = Dictionary(all.map { ($0.path, $0) }) { first, _ in first }

  /// An operation's parameter by path; a missing one (a typo here) reads and sets nothing.
  private static func named(_ path: String) -> EditParameter {
    byPath[path]
      ?? EditParameter(
        path: path,
        leaf: NumericLeaf(
          path: path, descriptor: .scalar(path, range: 0...0, default: 0), range: 0...0,
          get: { _ in nil }, set: { _, _ in }))
  }
}

/// The sliders and other operations' parameters by name.
extension EditParameter {
  public static let brightness = named("adjustments/brightness")
  public static let contrast = named("adjustments/contrast")
  public static let saturation = named("adjustments/saturation")
  public static let exposure = named("adjustments/exposure")
  public static let gamma = named("adjustments/gamma")
  public static let highlights = named("adjustments/highlights")
  public static let shadows = named("adjustments/shadows")
  public static let blacks = named("adjustments/blacks")
  public static let whites = named("adjustments/whites")
  public static let clarity = named("adjustments/clarity")
  public static let temperature = named("adjustments/temperature")
  public static let tint = named("adjustments/tint")
  public static let vibrance = named("adjustments/vibrance")
  public static let sharpness = named("adjustments/sharpness")

  public static let lookIntensity = named("look/intensity")

  public static let focusX = named("focus/x")
  public static let focusY = named("focus/y")
  public static let focusSize = named("focus/size")
  public static let focusFade = named("focus/fade")
  public static let focusBlur = named("focus/blur")
  public static let focusAngle = named("focus/angle")

  public static let vignetteIntensity = named("vignette/intensity")
  public static let vignetteRadius = named("vignette/radius")
  public static let vignetteFalloff = named("vignette/falloff")

  /// The adjustment sliders, in the order the descriptors list them.
  public static var adjustments: [EditParameter] { all.filter { $0.operation == "adjustments" } }
}
