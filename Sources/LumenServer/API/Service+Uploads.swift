import Foundation
import LumenCodecs
import LumenCore

extension Service {
  /// `POST /v1/uploads`: the raw body, a photo or a video, its format sniffed from its bytes
  /// (never a name), its size, pixels and duration checked against the limits before
  /// anything is decoded.
  func createUpload(_ request: Request) throws -> Response {
    let data = request.body
    guard !data.isEmpty else { throw RouteError(400, "the upload is empty") }
    guard data.count <= configuration.maxUploadBytes else {
      throw RouteError(413, "uploads may hold at most \(configuration.maxUploadBytes) bytes")
    }
    let upload: Store.Upload
    if let format = ImageFormat(detecting: data) {
      upload = try addPhoto(data, format: format)
    } else if let format = MovieFormat(detecting: data) {
      upload = try addVideo(data, format: format)
    } else {
      throw RouteError(
        415, "not a JPEG, PNG, WebP or HEIC photo nor an MP4, MOV, MKV or WebM video")
    }
    return Response.json(upload, status: 201).adding("Location", "/v1/uploads/\(upload.id)")
  }

  private func addPhoto(_ data: Data, format: ImageFormat) throws -> Store.Upload {
    let info: ImageInfo
    do {
      info = try ImageFile.info(data: data, name: "the upload")
    } catch {
      throw RouteError(422, "\(error)")
    }
    try checkPixels(width: info.width, height: info.height, of: "photo")
    return try store.addUpload(
      data, kind: "photo", format: info.format.rawValue, width: info.width, height: info.height,
      duration: nil)
  }

  /// A video's headers are read by `lumen-video` from a scratch file, which goes whatever the
  /// outcome; the stored copy is written only once they pass.
  private func addVideo(_ data: Data, format: MovieFormat) throws -> Store.Upload {
    let worker = try videoWorker()
    let scratch = store.scratchFile(extension: format.rawValue)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try AtomicOutput.write(data, to: scratch)
    let info: VideoWorker.Info
    do {
      info = try worker.info(of: scratch)
    } catch {
      throw RouteError(422, "the upload is not a readable video: \(error.reason)")
    }
    let (width, height) = (info.width, info.height)
    try checkPixels(width: width, height: height, of: "video's picture")
    let seconds = info.duration
    guard seconds.isFinite, seconds > 0 else {
      throw RouteError(422, "the video declares no duration")
    }
    guard seconds <= configuration.maxVideoSeconds else {
      throw RouteError(
        413,
        "the video lasts \(String(format: "%.0f", seconds.rounded(.up))) s; at most"
          + " \(String(format: "%.0f", configuration.maxVideoSeconds)) s"
      )
    }
    return try store.addUpload(
      data, kind: "video", format: format.rawValue, width: width, height: height,
      duration: (seconds * 1000).rounded() / 1000, frameRate: info.frameRate)
  }

  private func checkPixels(width: Int, height: Int, of what: String) throws {
    let pixels = width.multipliedReportingOverflow(by: height)
    guard !pixels.overflow, pixels.partialValue <= configuration.maxMegapixels * 1_000_000 else {
      throw RouteError(
        413, "the \(what) is \(width)x\(height); at most \(configuration.maxMegapixels) MP")
    }
  }

  /// The worker for videos, or a 415 answer when this server has none.
  func videoWorker() throws -> VideoWorker {
    guard let worker = configuration.videoWorker else {
      throw RouteError(415, "this server takes photos only (lumen-video is not installed)")
    }
    return worker
  }

  /// The upload `id` names, or a 404 answer.
  func upload(_ id: String?) throws -> (upload: Store.Upload, file: URL) {
    guard let id, let found = try store.upload(id) else { throw Self.missing("upload", id) }
    return found
  }
}
