import LumenCore

/// The overlay of format versions 2-3, kept as API: since version 4 it is the image layer
/// with id "overlay", stretched over the canvas (no transform).
public struct OverlaySettings: Hashable, Sendable {
  /// The overlay image, a path relative to the document (resolved by the caller).
  public var image: String
  public var blendMode: BlendMode
  /// 0...1
  public var opacity: Double
  /// When the overlay shows in a video; nil: always (and in stills, always).
  public var timeSpan: TimeSpan?

  public init(
    image: String, blendMode: BlendMode = .normal, opacity: Double = 1, timeSpan: TimeSpan? = nil
  ) {
    self.image = image
    self.blendMode = blendMode
    self.opacity = opacity
    self.timeSpan = timeSpan
  }

  /// The layer's id.
  public static let layerID = "overlay"
}

extension EditDocument {
  /// The image layer "overlay" seen as the old overlay: nil when the document has no such
  /// untransformed, untinted, visible image layer. Setting it replaces that layer (or adds it
  /// on top); setting nil removes it.
  public var overlay: OverlaySettings? {
    get {
      guard let layer = layers.first(where: { $0.id == OverlaySettings.layerID }),
        let content = layer.content as? ImageContent, content.tint == .none,
        layer.transform == nil, !layer.hidden
      else { return nil }
      return OverlaySettings(
        image: content.source, blendMode: layer.blendMode, opacity: layer.opacity,
        timeSpan: layer.timeSpan)
    }
    set {
      let index = layers.firstIndex { $0.id == OverlaySettings.layerID }
      guard let newValue else {
        if let index { layers.remove(at: index) }
        return
      }
      let layer = Layer(
        id: OverlaySettings.layerID, content: ImageContent(source: newValue.image),
        opacity: newValue.opacity, blendMode: newValue.blendMode, timeSpan: newValue.timeSpan)
      if let index { layers[index] = layer } else { layers.append(layer) }
    }
  }
}

extension EditParameter {
  /// The opacity of the layer "overlay" (`layers/overlay/opacity`).
  public static let overlayOpacity = layer(OverlaySettings.layerID, "opacity") ?? .contrast
}
