import Foundation
import LumenCodecs
import LumenJobs
import LumenVideo
import LumenVideoJobs

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

  struct Video: Codable, Sendable, Equatable {
    var encoding = VideoJob.Encoding()
    /// The output's long side (never enlarged); nil: the upload's size.
    var longSide: Int?
    /// The part of the upload to export; nil: all of it.
    var trim: VideoJob.Span?
    /// `30`, `29.97` or `30000/1001`; nil: the upload's rate.
    var frameRate: String?

    private enum CodingKeys: String, CodingKey, CaseIterable {
      case encoding, longSide, trim, frameRate
    }

    init() {}

    init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownKeys(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      encoding =
        try c.decodeIfPresent(VideoJob.Encoding.self, forKey: .encoding) ?? VideoJob.Encoding()
      longSide = try c.decodeWholeNumber(forKey: .longSide, in: VideoJob.longSideRange)
      trim = try c.decodeIfPresent(VideoJob.Span.self, forKey: .trim)
      frameRate = try c.decodeIfPresent(String.self, forKey: .frameRate)
      if let frameRate, (try? VideoEncodeSettings.FrameRate(parsing: frameRate)) == nil {
        throw DecodingError.dataCorruptedError(
          forKey: .frameRate, in: c,
          debugDescription:
            "\"\(frameRate.prefix(40))\" is not a rate such as 30, 29.97 or 30000/1001")
      }
    }
  }

  /// The formats each kind of job writes; the first is the default.
  static let photoFormats = ["jpeg", "png", "webp", "heic"]
  static let videoFormats = VideoEncodeSettings.Container.allCases.map(\.rawValue)

  /// The settings in `json` for a job on an upload of `kind` writing `format`, checked now
  /// rather than when the job runs.
  init(kind: String, format: String, json: Data) throws {
    if kind == "video" {
      let video = try JSONDecoder().decode(Video.self, from: json)
      let container = VideoEncodeSettings.Container(rawValue: format) ?? .mp4
      do {
        try video.encoding.settings(container: container).validate()
      } catch {
        throw JobSettingsError(pointer: "encoding", reason: "\(error)")
      }
      self = .video(video)
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
      case .video(let video): try? encoder.encode(video)
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
