import Foundation
import LumenCore
import LumenJobs

/// One line of a batch (JSON Lines): a photo job (``RenderJob``), a video job (a line with
/// `clips`, run by `lumen-video`), or a template with values:
///
///     {"input": "a.jpg", "document": {...}}
///     {"clips": [{"path": "a.mp4"}], "document": {...}, "output": "a-graded.mp4"}
///     {"template": "story.json", "values": {"title": "Hello", "photo": "face.jpg"}}
///
/// `output` may be left out: the output is then named by the line's content hash (the same
/// job, the same name, so a re-run finds what it already made), with the extension of
/// `format` (default jpg, mp4 for videos). Relative paths are read against the batch file's
/// folder, outputs against the output folder.
public struct BatchLine: Sendable {
  /// The line's number in the file (from 1), for messages.
  public let number: Int
  /// The job's position among the file's jobs (from 0), which shards split by.
  public let index: Int
  public let text: Data

  public init(number: Int, index: Int, text: Data) {
    self.number = number
    self.index = index
    self.text = text
  }

  /// Keys a batch line takes besides its job's.
  static let formatKey = "format"
  static let templateKeys: Set<String> = [
    "template", "values", "output", "format", "encoding", "overwrite",
  ]
  /// Formats an unnamed output may take.
  public static let formats = ["jpg", "png", "webp", "heic", "mp4", "mov", "mkv", "webm"]

  /// The job this line describes, its output resolved against `outputFolder` and its other
  /// paths against `folder`; templates come from `templates` (each read once a batch).
  public func job(relativeTo folder: URL, outputFolder: URL, templates: TemplateCache)
    throws(BatchError) -> RunnableJob
  {
    let (object, output) = try named(in: outputFolder)
    if object["template"] != nil {
      return try templateJob(object, relativeTo: folder, output: output, templates: templates)
    }
    let data = Self.json(object)
    if object["clips"] != nil { return .video(VideoJobLine(json: data, output: output)) }
    do {
      return .photo(
        try JobFile.decode(RenderJob.self, from: data, named: "line \(number)", relativeTo: folder))
    } catch {
      throw BatchError(line: number, problem: Self.problem(of: error))
    }
  }

  /// The line with its output named and made absolute against `outputFolder` (a queue's entry:
  /// wherever a worker runs it, the output goes to the same place); the output.
  public func withOutput(in outputFolder: URL) throws(BatchError) -> (line: String, output: String)
  {
    let (object, output) = try named(in: outputFolder)
    return (String(decoding: Self.json(object), as: UTF8.self), output)
  }

  /// The line as an object, `format` taken out and `output` made absolute.
  private func named(in outputFolder: URL) throws(BatchError) -> (
    object: [String: Any], output: String
  ) {
    guard var object = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any] else {
      throw BatchError(line: number, problem: "not a JSON object")
    }
    let isVideo = object["clips"] != nil
    let format = try outputFormat(object.removeValue(forKey: Self.formatKey))
    if object["output"] == nil {
      object["output"] = "\(contentHash).\(format ?? (isVideo ? "mp4" : "jpg"))"
    }
    guard let output = object["output"] as? String, !output.isEmpty else {
      throw BatchError(line: number, problem: "output: expected a file name")
    }
    let absolute = JobPaths(folder: outputFolder)(output)
    object["output"] = absolute
    return (object, absolute)
  }

  private static func json(_ object: [String: Any]) -> Data {
    (try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
  }

  /// The first 16 hex digits of the SHA-256 of the line's bytes: an unnamed output's name.
  public var contentHash: String { String(SHA256.hex(of: text).prefix(16)) }

  private func outputFormat(_ value: Any?) throws(BatchError) -> String? {
    guard let value else { return nil }
    guard let format = value as? String, Self.formats.contains(format) else {
      throw BatchError(
        line: number, problem: "format: expected one of \(Self.formats.joined(separator: ", "))")
    }
    return format
  }

  private func templateJob(
    _ object: [String: Any], relativeTo folder: URL, output: String, templates: TemplateCache
  ) throws(BatchError) -> RunnableJob {
    if let stray = object.keys.first(where: { !Self.templateKeys.contains($0) }) {
      throw BatchError(
        line: number,
        problem:
          "\(stray): unknown key (a template line takes \(Self.templateKeys.sorted().joined(separator: ", ")))"
      )
    }
    guard let path = object["template"] as? String else {
      throw BatchError(line: number, problem: "template: expected the template's path")
    }
    do {
      let template = try templates.template(
        at: URL(fileURLWithPath: JobPaths(folder: folder)(path)))
      let decoder = JSONDecoder()
      func decoded<T: Decodable>(_: T.Type, _ key: String) throws -> T? {
        guard let value = object[key] else { return nil }
        let data = try JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed)
        return try decoder.decode(T.self, from: data)
      }
      let raw: [String: JSONScalar]
      let encoding: PhotoEncoding?
      let overwrite: Bool
      do {
        raw = try decoded([String: JSONScalar].self, "values") ?? [:]
        encoding = try decoded(PhotoEncoding.self, "encoding")
        overwrite = try decoded(Bool.self, "overwrite") ?? false
      } catch let error as DecodingError {
        throw BatchError(line: number, problem: Self.problem(of: JobFile.describe(error, file: "")))
      }
      return try template.job(
        values: template.values(from: raw), relativeTo: folder, output: output,
        encoding: encoding, overwrite: overwrite)
    } catch let error as BatchError {
      throw error
    } catch {
      throw BatchError(line: number, problem: Self.problem(of: error))
    }
  }

  /// An error's one line without the file name a job file's error starts with.
  static func problem(of error: any Error) -> String {
    if case .invalid(_, let path, let problem) = error as? JobError {
      return path.isEmpty ? problem : "\(path): \(problem)"
    }
    return "\(error)"
  }
}

/// Why a batch line failed: its number and one line.
public struct BatchError: Error, Hashable, Sendable, CustomStringConvertible {
  public let line: Int
  public let problem: String

  public init(line: Int, problem: String) {
    self.line = line
    self.problem = EchoedText.line(problem)
  }

  public var description: String { "line \(line): \(problem)" }
}

/// Templates read once for a whole batch or worker, however many lines name them; a template
/// file changed since (another time or size) is read again, so a long-running worker follows
/// its edits.
public final class TemplateCache: Sendable {
  private let templates = Locked<[String: Template]>([:])

  public init() {}

  public func template(at url: URL) throws(TemplateError) -> Template {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    let stamp = [
      url.path, "\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)",
      "\(attributes?[.size] as? Int ?? -1)",
    ].joined(separator: "\u{0}")
    if let template = templates.withLock({ $0[stamp] }) { return template }
    let template = try Template(contentsOf: url)
    templates.withLock { $0[stamp] = template }
    return template
  }
}
