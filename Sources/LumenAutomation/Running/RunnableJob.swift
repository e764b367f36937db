import Foundation
import LumenJobs

/// A job ready to run: a photo or canvas render (in this process), or a video export as the
/// JSON `lumen-video` reads (in a process of its own, so that FFmpeg never loads here).
public enum RunnableJob: Sendable {
  case photo(RenderJob)
  case video(VideoJobLine)

  /// Where the job writes.
  public var output: String {
    switch self {
    case .photo(let job): job.output
    case .video(let line): line.output
    }
  }

  /// The job as one line of JSON, as `--print-job` prints it.
  public func line() throws -> String {
    switch self {
    case .photo(let job): try JobFile.line(job)
    case .video(let line): String(decoding: line.json, as: UTF8.self)
    }
  }
}

/// A video job as JSON with absolute paths, and the output it names.
public struct VideoJobLine: Hashable, Sendable {
  public var json: Data
  public var output: String

  public init(json: Data, output: String) {
    self.json = json
    self.output = output
  }
}
