import Foundation
import LumenAutomation
import LumenCommandLine
import LumenCore

/// `lumen batch JOBS.jsonl --out DIR`: every job of a JSON Lines file, resumable and shardable.
enum BatchCommand {
  static let command = Command(
    name: "batch", summary: "Renders a file of jobs (JSON Lines), resumable and shardable.",
    positionals: .one(
      "JOBS.jsonl", help: "one job a line: a photo or video job, or a template with values"),
    options: [
      .value(
        "out", "DIR", .path, required: true,
        help: "the folder outputs go to (relative outputs; made when missing)"),
      .value(
        "shard", "I/N", .text,
        help: "renders every N-th job from the I-th (from 0), e.g. $JOB_COMPLETION_INDEX/4"),
    ] + AutomationOptions.options + [
      .flag("redo", help: "renders outputs that exist again (by default they are skipped)")
    ],
    notes: """
      A line is a photo job ({"input": ..., "document": ...} or {"canvas": ...}, as `lumen edit \
      --print-job` prints it), a video job ({"clips": ...}, as `lumen video --print-job` prints \
      it) or a template with values ({"template": "story.json", "values": {"title": "Hi"}}). \
      Without "output", a job's output is named by the SHA-256 of its line, with the \
      extension of "format" (jpg unless given; mp4 for videos). Relative paths are read \
      against the batch file's folder. Outputs appear whole or not at all, so a re-run after a \
      crash skips what was finished and renders the rest. A failed job is listed with its \
      line number and does not stop the others; the status is then 1. On a terminal a \
      progress bar shows count, rate and ETA; otherwise each job prints one JSON line.
      """,
    run: run)

  static func run(_ args: ParsedArguments) throws {
    var shard = Shard.whole
    if let text = args.string("shard") {
      guard let parsed = Shard(parsing: text) else {
        throw UsageError("--shard: expected I/N with 0 <= I < N, not \(EchoedText.quoted(text))")
      }
      shard = parsed
    }
    let file: BatchFile
    do {
      file = try BatchFile(contentsOf: URL(fileURLWithPath: args.firstPositional()))
    } catch let error as BatchError {
      throw CommandFailure(error.problem)
    }
    let folder = URL(fileURLWithPath: JobOptions.absolute(try args.required("out")))
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure("\(folder.path): cannot make the output folder")
    }
    let batch = BatchRun(
      file: file, outputFolder: folder, shard: shard,
      concurrency: AutomationOptions.concurrency(args), runner: AutomationOptions.runner(args),
      redo: args.has("redo"))
    let progress = BatchProgress(total: batch.lines.count, drawsBar: ProgressBar.isUseful)
    batch.run(report: progress.report)
    let failures = progress.finish()
    if failures > 0 {
      throw CommandFailure("\(failures) of \(batch.lines.count) jobs failed (listed above)")
    }
  }
}
