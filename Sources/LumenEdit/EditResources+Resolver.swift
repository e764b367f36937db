import LumenAssets
import LumenCore
import LumenText

extension EditResources {
  /// Looks, layer images and fonts from `resolver` (a ``ResourceResolver`` keeps what it
  /// loaded and reads only inside its allowed roots); a font is a file the resolver finds or
  /// the name of an installed family (`Noto Sans:style=Bold`), and is kept once opened.
  public init(_ resolver: any ResourceResolving) {
    let fonts = Locked<[String: FontFile]>([:])
    self.init(
      look: { try resolver.colorCube(forLook: $0.id, layout: $0.layout) },
      image: { try resolver.image($0) },
      font: { reference in
        if let known = fonts.withLock({ $0[reference] }) { return known }
        // A file (`fonts/Title.otf`) through the resolver's rules, else an installed family.
        let font =
          try ResourceResolver.namesFile(reference)
          ? FontFile(path: resolver.fontFile(reference).path) : FontFile.installed(reference)
        fonts.withLock { $0[reference] = font }
        return font
      })
  }
}
