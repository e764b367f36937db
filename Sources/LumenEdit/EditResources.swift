import Foundation
import LumenCodecs
import LumenCore
import LumenFilters
import LumenText

/// What a document refers to by name and the renderer must look up: look cubes by id, image
/// layers' pictures, SVG drawings and animations by path or asset id, and text layers' fonts. Separate from the document so that one document renders the same
/// from a CLI, a server or a test.
public struct EditResources: Sendable {
  public var look: @Sendable (LookReference) throws -> ColorCube
  public var image: @Sendable (String) throws -> Image
  /// The SVG drawing a source names; nil when it names a picture instead.
  public var drawing: @Sendable (String) throws -> SVGImage?
  /// The animation a source names (an animated GIF or WebP, or any GIF); nil when it names a
  /// still picture or a drawing.
  public var animation: @Sendable (String) throws -> AnimatedImage?
  public var font: @Sendable (String) throws -> FontFile
  /// The frame an asset reference names, its pieces read.
  public var frame: @Sendable (String) throws -> FrameDesign
  /// The moment of the render, which smart stickers show unless their document names one.
  public var date: Date
  /// Layers already drawn, by what they draw and where: a video's watermark is laid out and
  /// drawn once, not once a frame.
  let drawnLayers = DrawnLayers()
  /// Whether renders keep the layers they draw for the next (previews, video frames); a
  /// render made once (an export) sets false and draws each layer as its tiles are reached.
  public var keepsDrawings = true

  public init(
    look: @escaping @Sendable (LookReference) throws -> ColorCube = {
      throw EditRenderError.missingLook($0.id)
    },
    image: @escaping @Sendable (String) throws -> Image = {
      throw EditRenderError.missingImage($0)
    },
    drawing: @escaping @Sendable (String) throws -> SVGImage? = { _ in nil },
    animation: @escaping @Sendable (String) throws -> AnimatedImage? = { _ in nil },
    font: @escaping @Sendable (String) throws -> FontFile = {
      throw EditRenderError.missingFont($0)
    },
    frame: @escaping @Sendable (String) throws -> FrameDesign = {
      throw EditRenderError.invalidAsset($0, "no asset sources to find it in")
    },
    date: Date = Date()
  ) {
    self.date = date
    self.look = look
    self.image = image
    self.drawing = drawing
    self.animation = animation
    self.font = font
    self.frame = frame
  }
}

/// A look as a document names it: a library id or a LUT file, and the layout of a LUT image
/// (never guessed): `hald`, `tiled8x8`, `tiled:TILESxLEVELS`.
public struct LookReference: Hashable, Sendable {
  public var id: String
  public var layout: String?

  public init(id: String, layout: String? = nil) {
    self.id = id
    self.layout = layout
  }
}

/// Why a valid document cannot be rendered.
public enum EditRenderError: Error, Hashable, Sendable, CustomStringConvertible {
  case missingLook(String)
  case missingImage(String)
  case missingFont(String)
  case emptyResult(String)
  /// An asset that cannot serve its layer: the reference, the reason.
  case invalidAsset(String, String)

  public var description: String {
    switch self {
    case .missingLook(let id): "operations.look.id: no look named \(EchoedText.quoted(id))"
    case .missingImage(let source):
      "an image layer's source: cannot load \(EchoedText.quoted(source))"
    case .missingFont(let font): "a text layer's font: cannot load \(EchoedText.quoted(font))"
    case .emptyResult(let stage): "the \(stage) leaves no pixels"
    case .invalidAsset(let reference, let reason):
      "\(EchoedText.quoted(reference)): \(EchoedText.line(reason))"
    }
  }
}

/// Why a layer cannot be drawn (its font, picture or drawing cannot be read, or is too large),
/// naming the layer by its JSON path and id so that a user finds it among many.
public struct LayerRenderError: Error, CustomStringConvertible {
  /// The layer's place in the document's `layers`.
  public let index: Int
  public let id: String
  public let reason: any Error

  public var description: String {
    let reason = "\(reason)"
    return "layers[\(index)] (\(EchoedText.quoted(id))): \(EchoedText.line(reason))"
  }
}
