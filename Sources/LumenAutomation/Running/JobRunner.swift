import Foundation
import LumenCore
import LumenJobs

/// Runs jobs: photos and canvases in this process, in a render context of `threads` threads
/// each; videos in `lumen-video` (``VideoProcess``), which sizes its own threads.
public struct JobRunner: Sendable {
  public let threads: Int
  /// The `lumen-video` executable; nil when it is not installed (video jobs then fail).
  public let videoExecutable: URL?
  /// Memory a photo job's render may hold (its context's budget).
  public let memoryBudget: Int

  public init(threads: Int, videoExecutable: URL?, memoryBudget: Int = RenderContext().memoryBudget)
  {
    self.threads = threads
    self.videoExecutable = videoExecutable
    self.memoryBudget = memoryBudget
  }

  /// Runs `job` to its end; `folder` is where a video job's relative paths start.
  public func run(_ job: RunnableJob, folder: URL) throws {
    switch job {
    case .photo(let render):
      try render.run(context: RenderContext(threadCount: threads, memoryBudget: memoryBudget))
    case .video(let line):
      guard let videoExecutable else {
        throw JobRunError("video jobs need lumen-video installed beside lumen")
      }
      try VideoProcess(executable: videoExecutable).run(line.json, folder: folder)
    }
  }
}

/// Why a job failed to run, as one line.
public struct JobRunError: Error, CustomStringConvertible, Sendable {
  public let description: String
  public init(_ description: String) { self.description = EchoedText.line(description) }
}
