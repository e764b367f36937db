import LumenCore
import LumenLayers

/// Layers drawn before, kept by their content, their place and the canvas: drawing is a pure
/// function of those (and of the resources, which do not change within one ``EditResources``),
/// so a layer that stays the same from frame to frame is drawn once. At most
/// ``capacity`` drawings are kept; the oldest go first.
final class DrawnLayers: Sendable {
  static let capacity = 16

  struct Key: Hashable, @unchecked Sendable {
    let content: AnyHashable
    let transform: LayerTransform?
    let canvas: Rect
  }

  private let kept = Locked<(images: [Key: Image], order: [Key])>(([:], []))

  /// `layer` drawn on `canvas`: kept from before, or drawn by `draw` and kept.
  func image(of layer: Layer, on canvas: Rect, draw: () throws -> Image) rethrows -> Image {
    let key = Key(content: AnyHashable(layer.content), transform: layer.transform, canvas: canvas)
    if let known = kept.withLock({ $0.images[key] }) { return known }
    let image = try draw()
    kept.withLock { kept in
      guard kept.images[key] == nil else { return }
      kept.images[key] = image
      kept.order.append(key)
      if kept.order.count > Self.capacity { kept.images[kept.order.removeFirst()] = nil }
    }
    return image
  }
}
