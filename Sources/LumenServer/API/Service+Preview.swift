import Foundation
import LumenCodecs
import LumenCore
import LumenEdit

extension Service {
  /// The sizes and formats a preview may be asked in.
  static let previewSizes = 16...4096
  static let previewFormats: [String: ImageFormat] = ["webp": .webp, "jpeg": .jpeg, "png": .png]

  /// `GET /v1/documents/{id}/preview?size=1280&format=webp`: the document's latest revision
  /// rendered through a session kept warm for its photo and size, so that a slider change
  /// re-renders only the effects.
  func preview(_ request: Request, id: String) throws -> Response {
    let size =
      try request.argument("size").map { text throws(RouteError) in
        guard let n = Int(text), Self.previewSizes.contains(n) else {
          throw RouteError(
            400, "size must be a whole number of pixels in \(Self.previewSizes)", pointer: "size")
        }
        return n
      } ?? 1280
    let name = request.argument("format") ?? "webp"
    guard let format = Self.previewFormats[name] else {
      throw RouteError(
        400, "format must be one of \(Self.previewFormats.keys.sorted().joined(separator: ", "))",
        pointer: "format")
    }
    guard let saved = try store.document(id) else { throw Self.missing("document", id) }
    let (_, file) = try upload(saved.photo)
    let document = try EditDocument(json: saved.json)
    let bitmap = try session(photo: saved.photo, file: file, size: size).preview(document)
    metrics.rendered()
    let scratch = store.folder.appendingPathComponent("tmp")
      .appendingPathComponent(".preview-\(Store.newID()).\(name)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try ImageFile.write(
      bitmap, to: scratch, format: format,
      options: Self.previewEncoding(format))
    return Response(
      status: 200,
      headers: [
        ("Content-Type", Self.mediaType(format.rawValue)), ("ETag", "\"\(saved.revision)\""),
      ],
      body: try RegularFile.contents(of: scratch.path))
  }

  /// How previews are encoded: quality 85 where a format has one, fast rather than small.
  static func previewEncoding(_ format: ImageFormat) -> EncodeOptions {
    var options = EncodeOptions(quality: format == .png ? nil : 85)
    options.favorsSpeed = true
    return options
  }

  /// The warm session of `photo` at `size`, made when missing; the least recently used goes
  /// beyond ``Configuration/sessions``.
  private func session(photo: String, file: URL, size: Int) -> EditSession {
    let key = "\(photo)/\(size)"
    return sessions.withLock { kept in
      if let index = kept.firstIndex(where: { $0.key == key }) {
        let found = kept.remove(at: index)
        kept.append(found)
        return found.session
      }
      let made = EditSession(
        contentsOf: file, previewLongSide: size, resources: resources, context: context)
      kept.append((key, made))
      if kept.count > configuration.sessions { kept.removeFirst() }
      return made
    }
  }
}
