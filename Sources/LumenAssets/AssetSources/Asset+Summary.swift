import Foundation

extension Asset {
  /// What a picker shows of the asset, as a JSON object (`lumen assets list --json`, the
  /// service's `/v1/assets`): its reference, label and tags in `locale`, groups, kind, size,
  /// payload, and where its file and thumbnail are (paths for files, else URLs).
  public func summary(in source: AssetSource, locale: String) throws -> [String: Any] {
    let reference = AssetReference(source: source.id, id: id).description
    var object: [String: Any] = [
      "source": source.id, "id": id, "reference": reference,
      "label": label(in: locale), "groups": groups, "tags": tags(in: locale),
    ]
    object["kind"] = kind
    object["uri"] = uri?.isFileURL == true ? uri?.path : uri?.absoluteString
    object["thumbUri"] =
      thumbnailURI?.isFileURL == true ? thumbnailURI?.path : thumbnailURI?.absoluteString
    object["mimeType"] = mimeType
    object["width"] = width
    object["height"] = height
    if let payload {
      object["payload"] = try JSONSerialization.jsonObject(with: Data(payload.utf8))
    }
    return object
  }
}
