import Foundation
import LumenCore

/// Renders a batch's jobs into a folder, `concurrency` at a time, and reports each as it ends.
/// Idempotent and resumable: an output that exists is skipped (outputs appear whole or not at
/// all, so one that exists is complete), unless `redo` is set; a job that fails is reported
/// and the rest go on.
public struct BatchRun: Sendable {
  public let file: BatchFile
  public let outputFolder: URL
  public let shard: Shard
  public let concurrency: Int
  public let runner: JobRunner
  /// Renders outputs that already exist again.
  public let redo: Bool

  public init(
    file: BatchFile, outputFolder: URL, shard: Shard = .whole, concurrency: Int = 1,
    runner: JobRunner, redo: Bool = false
  ) {
    self.file = file
    self.outputFolder = outputFolder
    self.shard = shard
    self.concurrency = concurrency
    self.runner = runner
    self.redo = redo
  }

  /// How one job ended.
  public struct Outcome: Sendable {
    public enum Status: String, Sendable { case done, skipped, failed }
    public let line: Int
    public let status: Status
    public let output: String?
    public let seconds: Double
    public let error: String?
  }

  /// The lines this shard renders.
  public var lines: [BatchLine] { file.lines.filter(shard.contains) }

  /// Runs every line of the shard; `report` is called once for each, from the thread that
  /// ran it (serially: one report at a time).
  public func run(report: @escaping @Sendable (Outcome) -> Void) {
    let lines = self.lines
    let templates = TemplateCache()
    let next = Locked(0)
    let reporting = NSLock()
    let claimed = Locked<[String: Int]>([:])
    let workers = max(1, min(concurrency, lines.count))
    sideBySide(workers) { [self] _ in
      while true {
        let position = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard position < lines.count else { return }
        let outcome = run(lines[position], templates: templates, claimed: claimed)
        reporting.withLock { report(outcome) }
      }
    }
  }

  private func run(_ line: BatchLine, templates: TemplateCache, claimed: Locked<[String: Int]>)
    -> Outcome
  {
    let start = Date()
    func ended(_ status: Outcome.Status, _ output: String?, _ error: String? = nil) -> Outcome {
      Outcome(
        line: line.number, status: status, output: output,
        seconds: Date().timeIntervalSince(start), error: error)
    }
    let job: RunnableJob
    do {
      job = try line.job(relativeTo: file.folder, outputFolder: outputFolder, templates: templates)
    } catch {
      return ended(.failed, nil, error.problem)
    }
    let output = job.output
    if let first = claimed.withLock({ names -> Int? in
      if let first = names[output] { return first }
      names[output] = line.number
      return nil
    }) {
      return ended(.failed, output, "its output is also line \(first)'s")
    }
    if !redo, FileManager.default.fileExists(atPath: output) { return ended(.skipped, output) }
    do {
      try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: output).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try runner.run(job, folder: file.folder)
      return ended(.done, output)
    } catch {
      return ended(.failed, output, EchoedText.line("\(error)"))
    }
  }
}

extension Error {
  /// The one line a batch reports for this error.
  var problem: String {
    (self as? BatchError)?.problem ?? EchoedText.line("\(self)")
  }
}
