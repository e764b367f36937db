import Foundation
import LumenAssets
import LumenCore
import LumenText

extension Service {
  /// `GET /v1/assets?source=ID&locale=en`: the built-in assets (stickers, frames, fonts,
  /// looks) as a picker lists them, their thumbnails served by the service, never a path of
  /// the server.
  func assets(_ request: Request) throws -> Response {
    let library = try AssetLibrary.builtIn
    let wanted = request.argument("source")
    if let wanted, !library.sources.contains(where: { $0.id == wanted }) {
      throw RouteError(404, "no asset source \(wanted)", pointer: "source")
    }
    let locale = request.argument("locale") ?? "en"
    var listed: [[String: Any]] = []
    for source in library.sources where wanted == nil || source.id == wanted {
      for asset in source.assets {
        var summary = try asset.summary(in: source, locale: locale)
        summary["uri"] = nil
        let reference = AssetReference(source: source.id, id: asset.id).description
        summary["thumbUri"] =
          asset.thumbnailURI?.isFileURL == true
          ? "/v1/assets/thumbnail?reference=\(Self.queryEscaped(reference))" : nil
        listed.append(summary)
      }
    }
    return .json(
      data: try JSONSerialization.data(
        withJSONObject: listed, options: [.sortedKeys, .withoutEscapingSlashes]))
  }

  /// `GET /v1/assets/thumbnail?reference=asset:SOURCE/ID`: a built-in asset's thumbnail.
  func assetThumbnail(_ request: Request) throws -> Response {
    let (text, asset) = try referencedAsset(request)
    guard let thumbnail = asset?.thumbnailURI, thumbnail.isFileURL else {
      throw RouteError(404, "no thumbnail for \(EchoedText.quoted(text))")
    }
    let bytes = try RegularFile.contents(of: thumbnail.path, limit: 16 << 20)
    let type =
      thumbnail.pathExtension == "png" ? "image/png" : Self.mediaType(thumbnail.pathExtension)
    return Response(status: 200, headers: [("Content-Type", type)], body: bytes)
  }

  /// `GET /v1/assets/file?reference=asset:lumen.font/ID`: a built-in font's file, so that a
  /// font picker shows each family in its own letters (CSS `@font-face`).
  func assetFile(_ request: Request) throws -> Response {
    let (text, asset) = try referencedAsset(request)
    guard let asset, asset.kind == "font", let family = asset.payloadString("family"),
      let font = try? FontFile.installed(family)
    else { throw RouteError(404, "no font file for \(EchoedText.quoted(text))") }
    let bytes = try RegularFile.contents(of: font.path, limit: FontFile.maxSize)
    let type = Self.fontTypes[URL(fileURLWithPath: font.path).pathExtension.lowercased()]
    return Response(
      status: 200,
      headers: [
        ("Content-Type", type ?? "application/octet-stream"),
        ("Cache-Control", "max-age=86400"),
      ], body: bytes)
  }

  /// The `reference` argument, and the built-in asset it names (nil: none).
  private func referencedAsset(_ request: Request) throws -> (text: String, asset: Asset?) {
    guard let text = request.argument("reference") else {
      throw RouteError(400, "reference=asset:SOURCE/ID is required", pointer: "reference")
    }
    let library = try AssetLibrary.builtIn
    guard let reference = AssetReference(parsing: text),
      let source = library.sources.first(where: { $0.id == reference.source })
    else { return (text, nil) }
    return (text, source.asset(reference.id))
  }

  static let fontTypes = ["ttf": "font/ttf", "otf": "font/otf", "ttc": "font/collection"]

  static func queryEscaped(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~:/")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
