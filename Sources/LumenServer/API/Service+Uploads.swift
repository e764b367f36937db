import Foundation
import LumenCodecs

extension Service {
  /// `POST /v1/uploads`: the raw body, its format sniffed from its bytes (never a name), its
  /// size and pixels checked against the limits before anything is decoded.
  func createUpload(_ request: Request) throws -> Response {
    let data = request.body
    guard !data.isEmpty else { throw RouteError(400, "the upload is empty") }
    guard data.count <= configuration.maxUploadBytes else {
      throw RouteError(413, "uploads may hold at most \(configuration.maxUploadBytes) bytes")
    }
    guard ImageFormat(detecting: data) != nil else {
      throw RouteError(415, "not a JPEG, PNG, WebP or HEIC photo")
    }
    let info: ImageInfo
    do {
      info = try ImageFile.info(data: data, name: "the upload")
    } catch {
      throw RouteError(422, "\(error)")
    }
    let pixels = info.width.multipliedReportingOverflow(by: info.height)
    guard !pixels.overflow, pixels.partialValue <= configuration.maxMegapixels * 1_000_000 else {
      throw RouteError(
        413, "the photo is \(info.width)x\(info.height); at most \(configuration.maxMegapixels) MP")
    }
    let upload = try store.addUpload(
      data, kind: "photo", format: info.format.rawValue, width: info.width, height: info.height,
      duration: nil)
    return Response.json(upload, status: 201).adding("Location", "/v1/uploads/\(upload.id)")
  }

  /// The upload `id` names, or a 404 answer.
  func upload(_ id: String?) throws -> (upload: Store.Upload, file: URL) {
    guard let id, let found = try store.upload(id) else { throw Self.missing("upload", id) }
    return found
  }
}
