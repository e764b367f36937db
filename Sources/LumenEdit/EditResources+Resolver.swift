import LumenAssets
import LumenCodecs
import LumenCore
import LumenText

extension EditResources {
  /// Looks, layer images, SVG drawings, animations and fonts from `resolver` (a ``ResourceResolver`` keeps
  /// what it loaded and reads only inside its allowed roots); a font is a file the resolver
  /// finds or the name of an installed family (`Noto Sans:style=Bold`). Fonts, drawings and
  /// animations are kept once opened.
  public init(_ resolver: any ResourceResolving) {
    let fonts = Locked<[String: FontFile]>([:])
    // nil: the source is a picture, not an SVG (kept too, so it is not resolved twice a render).
    let drawings = Locked<[String: SVGImage?]>([:])
    let frames = Locked<[String: FrameDesign]>([:])
    let animations = Locked<[String: AnimatedImage?]>([:])
    self.init(
      look: { try resolver.colorCube(forLook: $0.id, layout: $0.layout) },
      image: { try resolver.image($0) },
      drawing: { reference in
        try drawings.value(for: reference) {
          // An SVG by its file's name (an asset's reference does not show it).
          let file = try resolver.file(reference)
          return SVGImage.names(file.path) ? try SVGImage(contentsOf: file.path) : nil
        }
      },
      animation: { reference in
        try animations.value(for: reference) {
          // An animation by its first bytes (a WebP may or may not be one).
          let path = try resolver.file(reference).path
          guard !SVGImage.names(path),
            AnimatedImage.format(detecting: try RegularFile.head(of: path, count: 32)) != nil
          else { return nil }
          return try AnimatedImage(contentsOf: path)
        }
      },
      font: { reference in
        try fonts.value(for: reference) {
          switch try resolver.font(reference) {
          case .file(let url): try FontFile(path: url.path)
          case .family(let family): try FontFile.installed(family)
          }
        }
      },
      frame: { reference in
        try frames.value(for: reference) {
          try FrameDesign(resolver.assetPayload(reference), reference: reference)
        }
      })
  }
}
