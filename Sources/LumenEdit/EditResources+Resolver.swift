import LumenCore

extension EditResources {
  /// Looks and layer images from `resolver` (a ``ResourceResolver`` keeps what it loaded and
  /// reads only inside its allowed roots).
  public init(_ resolver: any ResourceResolving) {
    self.init(
      look: { try resolver.colorCube(forLook: $0.id, layout: $0.layout) },
      image: { try resolver.image($0) })
  }
}
