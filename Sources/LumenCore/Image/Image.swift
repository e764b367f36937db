/// An immutable, lazy description of how to compute pixels, like Core Image's `CIImage`.
///
/// Operations return new images in constant time; nothing is computed until a ``Renderer``
/// renders a region. Coordinates are pixels with the origin at the top left. While rendering,
/// colour is premultiplied `Float` RGBA with sRGB primaries, linear light unless a kernel
/// declares it works on sRGB-encoded values.
public struct Image: Sendable {
  let node: Node

  init(_ node: Node) { self.node = node }

  /// The region where the image may be non-transparent; ``Rect/infinite`` for generators.
  public var extent: Rect { node.extent }

  /// True when every pixel inside the extent has alpha 1, which lets the renderer skip alpha.
  public var isOpaque: Bool { node.isOpaque }

  /// An image of decoded pixels.
  public init(bitmap: Bitmap) {
    self.init(Node(.bitmap(bitmap), extent: bitmap.extent, isOpaque: !bitmap.format.hasAlpha))
  }

  /// The bitmap this image only reads, moved by whole pixels or cropped, if it is one:
  /// rendering it is then little more than reading that memory, and keeping it rendered again
  /// would only copy it.
  public var storedBitmap: Bitmap? {
    var node = self.node
    while true {
      switch node.operation {
      case .bitmap(let bitmap): return bitmap
      case .crop: node = node.inputs[0]
      case .affine(let transform, _) where transform.isIntegerTranslation: node = node.inputs[0]
      default: return nil
      }
    }
  }

  /// An infinite image of one colour (straight alpha, linear light).
  public init(color: RGBA) {
    self.init(Node(.constant(color), extent: .infinite, isOpaque: color.alpha >= 1))
  }
}
