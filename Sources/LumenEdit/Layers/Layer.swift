import LumenCore
import LumenFilters
import LumenLayers

/// One layer of the scene above the develop stage: what it draws (its ``content``), where (its
/// ``transform``) and how it mixes with the image below.
public struct Layer: Hashable, Sendable {
  /// Unique in the document, `[A-Za-z0-9_-]{1,64}`: keyframe paths name layers by it
  /// (`layers/logo/opacity`), so it must not change when layers are reordered.
  public var id: String
  public var content: any LayerContent
  /// Where the layer sits on the canvas; nil stretches it over the whole canvas.
  public var transform: LayerTransform?
  /// 0...1
  public var opacity: Double
  public var blendMode: BlendMode
  /// When the layer shows in a video; nil: always (and in stills, always).
  public var timeSpan: TimeSpan?
  /// A hidden layer stays in the document but draws nothing.
  public var hidden: Bool

  public init(
    id: String, content: any LayerContent, transform: LayerTransform? = nil, opacity: Double = 1,
    blendMode: BlendMode = .normal, timeSpan: TimeSpan? = nil, hidden: Bool = false
  ) {
    self.id = id
    self.content = content
    self.transform = transform
    self.opacity = opacity
    self.blendMode = blendMode
    self.timeSpan = timeSpan
    self.hidden = hidden
  }

  public static func == (a: Layer, b: Layer) -> Bool {
    a.id == b.id && AnyHashable(a.content) == AnyHashable(b.content) && a.transform == b.transform
      && a.opacity == b.opacity && a.blendMode == b.blendMode && a.timeSpan == b.timeSpan
      && a.hidden == b.hidden
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(AnyHashable(content))
    hasher.combine(transform)
    hasher.combine(opacity)
    hasher.combine(blendMode)
    hasher.combine(timeSpan)
    hasher.combine(hidden)
  }

  /// The layer's pixels placed on `canvas` (transparent elsewhere), before blending.
  public func image(on canvas: Rect, resources: EditResources) throws -> Image {
    try content.image(on: canvas, transform: transform, resources: resources)
  }
}

/// What a kind of layer draws: its parameters (as ``DocumentSettings`` fields, read and written
/// flat in the layer's JSON object next to the common ones) and how it renders. A new kind is
/// a type conforming to this protocol added to ``LayerKinds/all``; nothing else changes.
public protocol LayerContent: DocumentSettings {
  /// The layer's `kind` in the JSON ("image"); stable once released.
  static var kind: String { get }
  static var displayName: String { get }
  static var doc: String { get }
  /// The layer's pixels on `canvas`, placed by `transform` (nil: stretched over the canvas).
  func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws -> Image
  /// The content `seconds` after its layer first shows in a video (an animated sticker's
  /// moment); most contents stay as they are.
  func playing(at seconds: Double) -> Self
  /// What the drawing depends on besides its place and canvas, for keeping drawings: the
  /// content itself, unless moments that show the same (an animation's frame) should share.
  func drawingIdentity(resources: EditResources) throws -> AnyHashable
  /// Whether drawing it may draw SVG documents: an export then starts librsvg's helpers
  /// before it needs them (``SVGImage/prepare(helpers:)``).
  var mayDrawSVG: Bool { get }
  /// Whether its size comes from what it draws (a text's lines) rather than its transform.
  var isSizedByItsDrawing: Bool { get }
}

extension LayerContent {
  public func playing(at seconds: Double) -> Self { self }
  public func drawingIdentity(resources: EditResources) throws -> AnyHashable { AnyHashable(self) }
  public var mayDrawSVG: Bool { false }
  public var isSizedByItsDrawing: Bool { false }
}

/// What a user interface needs to offer a kind of layer.
public struct LayerKindDescriptor: Sendable {
  public let kind: String
  public let displayName: String
  public let doc: String
  /// The kind's own parameters (the common ones are ``Layer/parameters``).
  public let parameters: [ParameterDescriptor]
}

/// The registered layer kinds: the reader, writer, schema and keyframe paths look kinds up here.
public enum LayerKinds {
  public static let all: [any LayerContent.Type] = [
    ImageContent.self, ShapeContent.self, TextContent.self, BrushContent.self, FrameContent.self,
    TextDesignContent.self, SmartStickerContent.self,
  ]

  public static var descriptors: [LayerKindDescriptor] { all.map { descriptor(of: $0) } }

  static func descriptor<Content: LayerContent>(of _: Content.Type) -> LayerKindDescriptor {
    LayerKindDescriptor(
      kind: Content.kind, displayName: Content.displayName, doc: Content.doc,
      parameters: Content.parameters)
  }

  static func named(_ kind: String) -> (any LayerContent.Type)? {
    all.first { $0.kind == kind }
  }
}

extension LayerTransform {
  /// The transform that stretches a layer over the whole of `canvas` (centre in the middle,
  /// sides as fractions of the shorter side).
  public static func stretched(over canvas: Rect) -> LayerTransform {
    let shorter = Double(max(1, min(canvas.width, canvas.height)))
    return LayerTransform(
      x: 0.5, y: 0.5, width: Double(canvas.width) / shorter,
      height: Double(canvas.height) / shorter, rotation: 0, flipsHorizontally: false,
      flipsVertically: false)
  }
}
