import LumenAssets
import LumenCodecs
import LumenCore
import LumenText

extension EditResources {
  /// Looks, layer images, SVG drawings and fonts from `resolver` (a ``ResourceResolver`` keeps
  /// what it loaded and reads only inside its allowed roots); a font is a file the resolver
  /// finds or the name of an installed family (`Noto Sans:style=Bold`). Fonts and drawings are
  /// kept once opened.
  public init(_ resolver: any ResourceResolving) {
    let fonts = Locked<[String: FontFile]>([:])
    let drawings = Locked<[String: SVGImage]>([:])
    let frames = Locked<[String: FrameDesign]>([:])
    self.init(
      look: { try resolver.colorCube(forLook: $0.id, layout: $0.layout) },
      image: { try resolver.image($0) },
      drawing: { reference in
        if let known = drawings.withLock({ $0[reference] }) { return known }
        // An SVG by its file's name (an asset's reference does not show it).
        let file = try resolver.file(reference)
        guard SVGImage.names(file.path) else { return nil }
        let drawing = try SVGImage(contentsOf: file.path)
        drawings.withLock { $0[reference] = drawing }
        return drawing
      },
      font: { reference in
        if let known = fonts.withLock({ $0[reference] }) { return known }
        let font =
          switch try resolver.font(reference) {
          case .file(let url): try FontFile(path: url.path)
          case .family(let family): try FontFile.installed(family)
          }
        fonts.withLock { $0[reference] = font }
        return font
      },
      frame: { reference in
        if let known = frames.withLock({ $0[reference] }) { return known }
        let frame = try FrameDesign(resolver.assetPayload(reference), reference: reference)
        frames.withLock { $0[reference] = frame }
        return frame
      })
  }
}
