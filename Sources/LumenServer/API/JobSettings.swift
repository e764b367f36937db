import Foundation
import LumenCodecs
import LumenJobs

/// What `POST /v1/jobs` may ask beyond the document, its revision and the format: a photo's
/// encoding and preview size, or a video's encoding, size, trim and rate. Which one a body
/// holds follows from the document's upload; unknown keys are refused either way.
enum JobSettings: Sendable, Equatable {
  case photo(Photo)
  case video(Video)

  struct Photo: Codable, Sendable, Equatable {
    var encoding = PhotoEncoding()
    /// Render at this long side instead of full size (as `lumen edit --preview`).
    var previewLongSide: Int?

    private enum CodingKeys: String, CodingKey, CaseIterable { case encoding, previewLongSide }

    init() {}

    init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownKeys(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      encoding = try c.decodeIfPresent(PhotoEncoding.self, forKey: .encoding) ?? PhotoEncoding()
      previewLongSide = try c.decodeWholeNumber(
        forKey: .previewLongSide, in: RenderJob.previewRange)
    }
  }

  /// A video job's settings as `lumen video --job` reads them: the server knows their keys,
  /// and `lumen-video` checks their values (``VideoWorker/check(job:)``) before the job is
  /// accepted.
  struct Video: Sendable, Equatable {
    /// The settings' JSON object (sorted keys).
    var json: Data

    static let keys: Set = ["encoding", "longSide", "trim", "frameRate"]

    /// The job file for exporting `clip` through `document` (its image sources already
    /// files) to `output`, reading nothing outside `roots`.
    func job(clip: URL, document: Data, output: URL, folder: URL, roots: [URL]) throws -> Data {
      guard var settings = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
        throw JobSettingsError(pointer: "", reason: "the settings are not a JSON object")
      }
      var clipEntry: [String: Any] = ["path": clip.path]
      clipEntry["trim"] = settings.removeValue(forKey: "trim")
      let job = settings.merging([
        "clips": [clipEntry], "document": try JSONSerialization.jsonObject(with: document),
        "output": output.path, "resourceFolder": folder.path, "allowedRoots": roots.map(\.path),
      ]) { _, fixed in fixed }
      return try JSONSerialization.data(withJSONObject: job, options: [.sortedKeys])
    }
  }

  /// The formats each kind of job writes; the first is the default.
  static let photoFormats = ImageFormat.allCases.map(\.rawValue)
  static let videoFormats = MovieFormat.allCases.map(\.rawValue)

  /// The settings in `json` for a job on an upload of `kind` writing `format`, checked now
  /// rather than when the job runs.
  init(kind: String, format: String, json: Data) throws {
    if kind == "video" {
      guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
        throw JobSettingsError(pointer: "", reason: "the body must be a JSON object")
      }
      if let unknown = object.keys.sorted().first(where: { !Video.keys.contains($0) }) {
        throw JobSettingsError(
          pointer: unknown,
          reason: "unknown key (a video job takes \(Video.keys.sorted().joined(separator: ", ")))")
      }
      self = .video(
        Video(json: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])))
    } else {
      let photo = try JSONDecoder().decode(Photo.self, from: json)
      let imageFormat = ImageFormat(rawValue: format) ?? .jpeg
      if let setting = photo.encoding.options.requestedSettings.first(where: {
        !$0.formats.contains(imageFormat)
      }) {
        throw JobSettingsError(
          pointer: "encoding", reason: "\(setting) does not apply to \(format)")
      }
      self = .photo(photo)
    }
  }

  /// As stored with the job.
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data =
      switch self {
      case .photo(let photo): try? encoder.encode(photo)
      case .video(let video): video.json
      }
    return String(decoding: data ?? Data("{}".utf8), as: UTF8.self)
  }

  /// The settings stored with a job of `format`.
  init(stored json: String, format: String) throws {
    self = try Self(
      kind: Self.videoFormats.contains(format) ? "video" : "photo", format: format,
      json: Data(json.utf8))
  }
}

/// A job setting refused, with where it is in the body.
struct JobSettingsError: Error, CustomStringConvertible {
  let pointer: String
  let reason: String
  var description: String { "\(pointer): \(reason)" }
}
