import Foundation
import LumenCore

extension AssetSource {
  /// Reads the manifest at `url` (a regular file of at most ``maxManifestSize`` bytes).
  public init(manifest url: URL) throws(AssetError) {
    let file = url.path
    let data: Data
    do {
      data = try RegularFile.contents(of: file, limit: Self.maxManifestSize)
    } catch {
      throw .invalidManifest(file: file, path: "", reason: error.reason)
    }
    try self.init(manifest: data, folder: url.deletingLastPathComponent(), file: file)
  }

  /// Reads a manifest's bytes; `folder` is what `{{base_url}}` stands for, `file` names the
  /// manifest in messages.
  public init(manifest data: Data, folder: URL, file: String) throws(AssetError) {
    let reader = ManifestReader(file: file, folder: folder.standardizedFileURL)
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw .invalidManifest(file: file, path: "", reason: "not JSON")
    }
    let object = try reader.object(root, at: "")
    let id = try reader.string(object["id"], at: "id", maxLength: 64)
    guard id.utf8.allSatisfy({ ManifestReader.isIdentifierByte($0) }) else {
      throw reader.fail("id", "a source id is 1 to 64 of A-Z, a-z, 0-9, '.', '_' and '-'")
    }
    let version = try reader.string(object["version"], at: "version", maxLength: 64)
    guard let list = object["assets"] as? [Any] else {
      throw reader.fail("assets", "expected an array")
    }
    guard list.count <= Self.maxAssetCount else {
      throw reader.fail("assets", "more than \(Self.maxAssetCount) assets")
    }
    var assets: [Asset] = []
    var ids = Set<String>()
    for (index, item) in list.enumerated() {
      let asset = try reader.asset(item, at: "assets[\(index)]")
      guard ids.insert(asset.id).inserted else {
        throw reader.fail("assets[\(index)].id", "\(EchoedText.quoted(asset.id)) appears twice")
      }
      assets.append(asset)
    }
    self.init(id: id, version: version, folder: reader.folder, assets: assets)
  }
}

/// Reads a manifest's members, checking each before it is used.
struct ManifestReader {
  let file: String
  let folder: URL

  static func isIdentifierByte(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
      || c == 0x5F || c == 0x2D || c == 0x2E
  }

  func fail(_ path: String, _ reason: String) -> AssetError {
    .invalidManifest(file: file, path: path, reason: reason)
  }

  func object(_ value: Any?, at path: String) throws(AssetError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw fail(path, "expected an object") }
    return object
  }

  /// A non-empty string of at most `maxLength` UTF-8 bytes without control characters.
  func string(_ value: Any?, at path: String, maxLength: Int = 1024) throws(AssetError) -> String {
    guard let text = value as? String else { throw fail(path, "expected a string") }
    guard !text.isEmpty, text.utf8.count <= maxLength else {
      throw fail(path, "expected 1 to \(maxLength) bytes of text")
    }
    guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw fail(path, "control characters are not allowed") }
    return text
  }

  func strings(_ value: Any?, at path: String) throws(AssetError) -> [String] {
    guard let value else { return [] }
    guard let list = value as? [Any], list.count <= 256 else {
      throw fail(path, "expected an array of at most 256 strings")
    }
    var strings: [String] = []
    for (index, item) in list.enumerated() {
      strings.append(try string(item, at: "\(path)[\(index)]", maxLength: 256))
    }
    return strings
  }

  /// A whole number of pixels, 1...1,000,000.
  func size(_ value: Any?, at path: String) throws(AssetError) -> Int? {
    guard let value else { return nil }
    guard let number = value as? NSNumber, !(value is Bool) else {
      throw fail(path, "expected a number")
    }
    let double = number.doubleValue
    guard (1...1_000_000).contains(double), let pixels = Int(exactly: double) else {
      throw fail(path, "expected a whole number of pixels from 1 to 1000000")
    }
    return pixels
  }

  /// A URI with `{{base_url}}` replaced: a file URL (relative ones start in the folder) or,
  /// for other schemes, the URL as written (listed, never read).
  func uri(_ value: Any?, at path: String) throws(AssetError) -> URL? {
    guard let value else { return nil }
    let text = try string(value, at: path, maxLength: 4096)
      .replacingOccurrences(of: "{{base_url}}", with: folder.path)
    if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
    if text.hasPrefix("file://") { return URL(string: text).map { URL(fileURLWithPath: $0.path) } }
    if text.contains("://") {
      guard let url = URL(string: text) else { throw fail(path, "not a URI") }
      return url
    }
    return folder.appendingPathComponent(text).standardizedFileURL
  }

  func asset(_ value: Any, at path: String) throws(AssetError) -> Asset {
    let object = try object(value, at: path)
    var asset = Asset(id: try string(object["id"], at: "\(path).id", maxLength: 256))
    if let labels = object["label"] {
      for (locale, label) in try self.object(labels, at: "\(path).label") {
        asset.labels[locale] = try string(label, at: "\(path).label.\(locale)", maxLength: 256)
      }
    }
    if let tags = object["tags"] {
      for (locale, words) in try self.object(tags, at: "\(path).tags") {
        asset.tags[locale] = try strings(words, at: "\(path).tags.\(locale)")
      }
    }
    asset.groups = try strings(object["groups"], at: "\(path).groups")
    if let meta = object["meta"] {
      let meta = try self.object(meta, at: "\(path).meta")
      asset.uri = try uri(meta["uri"], at: "\(path).meta.uri")
      asset.thumbnailURI = try uri(meta["thumbUri"], at: "\(path).meta.thumbUri")
      asset.mimeType = try meta["mimeType"].map { v throws(AssetError) in
        try string(v, at: "\(path).meta.mimeType", maxLength: 128)
      }
      asset.kind = try meta["kind"].map { v throws(AssetError) in
        try string(v, at: "\(path).meta.kind", maxLength: 64)
      }
      asset.width = try size(meta["width"], at: "\(path).meta.width")
      asset.height = try size(meta["height"], at: "\(path).meta.height")
    }
    if let payload = object["payload"] {
      guard JSONSerialization.isValidJSONObject(payload),
        let data = try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
      else { throw fail("\(path).payload", "expected an object or an array") }
      asset.payload = String(decoding: data, as: UTF8.self)
    }
    return asset
  }
}
