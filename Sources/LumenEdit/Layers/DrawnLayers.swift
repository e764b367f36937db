import LumenCore
import LumenLayers

/// Layers drawn before, kept by their content, their place and the canvas: drawing is a pure
/// function of those (and of the resources, which do not change within one ``EditResources``),
/// so a layer that stays the same from frame to frame is drawn once. At most
/// ``capacity`` drawings are kept; the oldest go first.
///
/// A drawing may be lazy (a brush paints tile by tile), which suits a large one-off export;
/// one that covers at most ``keptPixels`` (a preview re-rendered as a slider moves, a video's
/// frames) is rendered into pixels when drawn, and those are kept, unless it is 8-bit pixels
/// already (a sticker's drawing placed at its own size, an outlined caption).
final class DrawnLayers: Sendable {
  static let capacity = 16
  /// 4 MP of 8-bit RGBA (as layers are drawn): 16 MB a drawing at most.
  static let keptPixels = 1 << 22

  struct Key: Hashable, @unchecked Sendable {
    let content: AnyHashable
    let transform: LayerTransform?
    let canvas: Rect
  }

  private let kept = Locked<(images: [Key: Image], order: [Key])>(([:], []))

  /// How many drawings are kept (for tests).
  var count: Int { kept.withLock { $0.order.count } }

  /// `layer` drawn on `canvas`: kept from before, or drawn by `draw` (and rendered in
  /// `context` when small) and kept.
  func image(
    of layer: Layer, on canvas: Rect, resources: EditResources, context: RenderContext,
    draw: () throws -> Image
  ) throws -> Image {
    let key = Key(
      content: try layer.content.drawingIdentity(resources: resources),
      transform: layer.transform, canvas: canvas)
    if let known = kept.withLock({ $0.images[key] }) { return known }
    var image = try draw()
    let extent = image.extent
    if !extent.isEmpty, !extent.isInfinite, extent.width <= Self.keptPixels,
      extent.height <= Self.keptPixels, extent.width * extent.height <= Self.keptPixels,
      image.storedBitmap?.format != .rgba8
    {
      image = Image(bitmap: try context.bitmap(of: image, rect: extent, format: .rgba8))
        .translatedBy(dx: extent.minX, dy: extent.minY)
    }
    kept.withLock { kept in
      guard kept.images[key] == nil else { return }
      kept.images[key] = image
      kept.order.append(key)
      if kept.order.count > Self.capacity { kept.images[kept.order.removeFirst()] = nil }
    }
    return image
  }
}
