import Foundation

/// One entry of an asset source: a sticker, a font, a look, a frame. The fields are those of
/// CE.SDK's asset manifests, so a source written for it reads here.
public struct Asset: Hashable, Sendable {
  /// Unique within its source (`emoticons/smile`).
  public var id: String
  /// Display names by locale (`en`).
  public var labels: [String: String]
  /// Search words by locale.
  public var tags: [String: [String]]
  /// The groups (folders) it belongs to, in order.
  public var groups: [String]
  /// The file it is (`{{base_url}}` already replaced by the manifest's folder); nil for assets
  /// that are not files, such as an installed font family or a look of the library.
  public var uri: URL?
  public var thumbnailURI: URL?
  public var mimeType: String?
  /// What it is for: `sticker`, `font`, `look`, `frame`, ...
  public var kind: String?
  public var width: Int?
  public var height: Int?
  /// The kind's own data as JSON text (a font's installed family, a look's library id).
  public var payload: String?

  public init(
    id: String, labels: [String: String] = [:], tags: [String: [String]] = [:],
    groups: [String] = [], uri: URL? = nil, thumbnailURI: URL? = nil, mimeType: String? = nil,
    kind: String? = nil, width: Int? = nil, height: Int? = nil, payload: String? = nil
  ) {
    self.id = id
    self.labels = labels
    self.tags = tags
    self.groups = groups
    self.uri = uri
    self.thumbnailURI = thumbnailURI
    self.mimeType = mimeType
    self.kind = kind
    self.width = width
    self.height = height
    self.payload = payload
  }

  /// The display name in `locale` (`en` when there is none in it, the id when there is none).
  public func label(in locale: String = "en") -> String {
    labels[locale] ?? labels["en"] ?? labels.values.sorted().first ?? id
  }

  /// The tags in `locale`, else in English (as labels fall back), so that a search in a
  /// language the manifest lacks still finds the asset.
  public func tags(in locale: String = "en") -> [String] {
    tags[locale] ?? tags["en"] ?? []
  }

  /// A string member of the payload (`family` of a font).
  public func payloadString(_ key: String) -> String? {
    guard let payload, let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8))
    else { return nil }
    return (object as? [String: Any])?[key] as? String
  }
}
