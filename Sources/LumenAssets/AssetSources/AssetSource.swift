import Foundation
import LumenCore

/// A collection of assets described by a JSON manifest in CE.SDK's shape:
///
///     {"version": "1.0.0", "id": "lumen.sticker", "assets": [
///       {"id": "emoticons/smile", "label": {"en": "Smile"}, "tags": {"en": ["face"]},
///        "groups": ["emoticons"], "meta": {"uri": "{{base_url}}/emoticons/smile.svg",
///        "thumbUri": "{{base_url}}/emoticons/thumbnails/smile.png",
///        "mimeType": "image/svg+xml", "kind": "sticker", "width": 256, "height": 256},
///        "payload": {}}]}
///
/// `{{base_url}}` stands for the manifest's folder; relative URIs start there too. Members
/// Lumen does not use are ignored, so manifests written for other tools read.
public struct AssetSource: Sendable {
  /// `[A-Za-z0-9._-]{1,64}`: documents name the source by it (`asset:ID/...`).
  public var id: String
  public var version: String
  /// The folder `{{base_url}}` stands for; only files inside it are read as assets.
  public var folder: URL
  public var assets: [Asset]

  public init(id: String, version: String = "1.0.0", folder: URL, assets: [Asset]) {
    self.id = id
    self.version = version
    self.folder = folder
    self.assets = assets
  }

  /// The largest manifest read, and the most assets in one.
  public static let maxManifestSize = 4 << 20
  public static let maxAssetCount = 10_000

  /// The asset `id`, or nil.
  public func asset(_ id: String) -> Asset? { assets.first { $0.id == id } }

  /// The groups of the assets, each once, in the order they first appear.
  public var groups: [String] {
    var seen = Set<String>()
    return assets.flatMap(\.groups).filter { seen.insert($0).inserted }
  }

  /// The local file of `asset`: a regular file inside ``folder`` once links are followed.
  public func file(of asset: Asset) throws(AssetError) -> URL {
    let reference = AssetReference(source: id, id: asset.id)
    guard let uri = asset.uri, uri.isFileURL,
      let path = FileIdentity.canonical(uri.path),
      let root = FileIdentity.canonical(folder.path),
      path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    else { throw .notALocalFile(reference, uri: asset.uri?.absoluteString ?? "") }
    return URL(fileURLWithPath: path)
  }
}
