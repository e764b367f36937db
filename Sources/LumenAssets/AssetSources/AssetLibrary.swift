import Foundation
import LumenFilters

/// The asset sources a render may name assets from: the built-in ones (stickers, frames,
/// overlays, fonts, looks) and any a user registers by manifest path.
public struct AssetLibrary: Sendable {
  public private(set) var sources: [AssetSource]

  public init(sources: [AssetSource] = []) { self.sources = sources }

  /// The built-in sources: `lumen.sticker`, `lumen.frame`, `lumen.overlay` and `lumen.font`
  /// (manifests in LumenAssets' resource bundle) and `lumen.look` (the look library), read once.
  public static var builtIn: AssetLibrary {
    get throws(AssetError) { try loadedBuiltIn.get() }
  }

  /// The manifests shipped in the resource bundle, by folder.
  static let bundledManifests = ["stickers", "frames", "overlays", "fonts"]

  private static let loadedBuiltIn = Result { () throws(AssetError) -> AssetLibrary in
    var library = AssetLibrary()
    for folder in bundledManifests {
      let url =
        Bundle.module.url(forResource: "content", withExtension: "json", subdirectory: folder)
        ?? Bundle.module.bundleURL.appendingPathComponent("\(folder)/content.json")
      try library.register(AssetSource(manifest: url))
    }
    if let looks = try? LookLibrary.builtIn { try library.register(AssetSource(looks: looks)) }
    return library
  }

  /// Adds `source`; its id must be new.
  public mutating func register(_ source: AssetSource) throws(AssetError) {
    guard !sources.contains(where: { $0.id == source.id }) else {
      throw .duplicateSource(source.id)
    }
    sources.append(source)
  }

  /// This library with the sources of the manifests at `paths` registered after its own.
  public func adding(manifests paths: [String]) throws(AssetError) -> AssetLibrary {
    var library = self
    for path in paths { try library.register(AssetSource(manifest: URL(fileURLWithPath: path))) }
    return library
  }

  public func source(_ id: String) throws(AssetError) -> AssetSource {
    guard let source = sources.first(where: { $0.id == id }) else {
      throw .unknownSource(id, known: sources.map(\.id))
    }
    return source
  }

  /// The asset `reference` names, with its source.
  public func asset(_ reference: AssetReference) throws(AssetError) -> (
    source: AssetSource, asset: Asset
  ) {
    let source = try source(reference.source)
    guard let asset = source.asset(reference.id) else { throw .unknownAsset(reference) }
    return (source, asset)
  }
}

extension AssetSource {
  /// The looks of `library` as a source (`lumen.look`): one asset a look, grouped by folder,
  /// its thumbnail as the thumbnail, the library id in the payload.
  public init(looks library: LookLibrary) {
    let assets = library.folders.flatMap { folder in
      folder.looks.map { look in
        Asset(
          id: look.id, labels: ["en": look.name], groups: [folder.id],
          thumbnailURI: look.thumbnail, kind: "look", payload: #"{"look":"\#(look.id)"}"#)
      }
    }
    // Looks are not files; their folder is where the thumbnails' folder is.
    let folder =
      library.looks.first?.thumbnail?.deletingLastPathComponent().deletingLastPathComponent()
      ?? URL(fileURLWithPath: "/")
    self.init(id: "lumen.look", folder: folder, assets: assets)
  }
}
