import Dispatch
import Foundation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenEdit
import LumenJobs
import LumenVideo
import LumenVideoJobs

/// `lumen video IN... [--doc EDIT.json] -o OUT.mp4 [options]`: clips joined, trimmed, edited
/// and encoded, with a progress bar on standard error. Ctrl-C stops the export and leaves no
/// file behind (``Interruption``).
enum VideoExportCommand {
  static let positionals = Positionals(
    placeholder: "IN", count: 0...Int.max, help: "the clips, joined in order (none with --job)")

  static let options: [Option] =
    [
      .value("doc", "EDIT.json", .path, help: "an edit document applied to every frame"),
      .value(
        "output", short: "o", "OUT.mp4", .path,
        help: "the movie to write: .mp4, .mov, .mkv or .webm (VP9 with Opus sound)"),
      .value(
        "trim", "FROM:TO", .text, repeatable: true,
        help:
          "the n-th --trim keeps FROM:TO seconds of the n-th clip; 2:, :8 and : leave a side open"
      ),
      .value("size", "PIXELS", .integer(2...16_384), help: "the long side, never enlarged"),
      .flag("fill", help: "crops clips of another shape to fill the frame instead of letterboxing"),
      .value("fps", "RATE", .text, help: "30, 29.97 or 30000/1001; by default the first clip's"),
      .value(
        "crf", "0-63", .integer(VideoJob.Encoding.crfRange),
        help: "constant quality, lower is better and bigger (H.264/HEVC up to 51); 20 by default"),
      .value(
        "bitrate", "BITS", .integer(VideoEncodeSettings.bitrateRange),
        help: "a bit rate in bits per second instead of --crf"),
      .value(
        "preset", "PRESET", .choice(VideoEncodeSettings.presets),
        help: "H.264/HEVC speed (veryfast unless given): slower gives smaller files; not for VP9"),
      .value(
        "codec", "", .choice(VideoEncodeSettings.Codec.allCases.map(\.rawValue)),
        help: "the video codec: h264 (.webm: vp9) unless given; .mkv takes any, .webm only vp9"),
      .value("music", "FILE", .path, help: "a sound file laid under the whole movie"),
      .value("music-volume", "X", .number(0...16), default: "1", help: "the music's gain"),
      .value("music-trim", "FROM:TO", .text, help: "the part of the music to use"),
      .value("min", "SECONDS", .text, help: "refuses clips that are shorter"),
      .value("max", "SECONDS", .text, help: "cuts the movie there"),
      .flag("no-audio", help: "leaves out the clips' sound"),
      .flag("strip-gps", help: "leaves out the first clip's location (its time stays)"),
      .flag("strip-metadata", help: "leaves out the first clip's time and location"),
      .flag("overwrite", help: "replaces OUT when it exists, even when it is an input"),
      .flag(
        "progress-lines",
        help: "prints progress as JSON lines on standard output (for services and scripts)"),
      .flag(
        "until-stdin-closes",
        help: "stops as on SIGTERM when standard input closes (a service that started it ended)"),
    ] + JobOptions.options + [JobOptions.assetSource]

  static let notes = """
    Joins the clips in order, applies the edit document to every frame (keyframes count from \
    the output's start) and encodes H.264 (default) or HEVC with AAC or copied sound, or VP9 \
    with Opus in WebM; the output's extension names the container. The output keeps the \
    first clip's creation time and location tags (nothing else of its metadata) unless \
    --strip-gps or --strip-metadata is given. Looks \
    and layer images the document names (a look id, a .cube file) are read relative to the \
    document, inside its folder or an --allow folder. Times are \
    seconds (3.2, 3.2s), milliseconds (1500ms) or clock times (1:02.5).
    """

  static func run(_ args: ParsedArguments) throws {
    let job = try JobOptions.job(
      args, VideoJob.self, running: ["progress-lines", "until-stdin-closes"]
    ) {
      try Self.job(from: args)
    }
    if try JobOptions.printed(job, args) { return }
    let export = try job.export()
    let output = export.output
    try VideoOutput.checkWritable(output.path)
    if args.has("until-stdin-closes") { Self.stopWhenStandardInputCloses() }
    let outcome = try Self.perform(export, printsLines: args.has("progress-lines"))
    let frames = outcome.frameCount
    let fps = outcome.seconds > 0 ? Double(frames) / outcome.seconds : 0
    print(
      String(
        format: "%@: %d frames in %.2f s (%.1f fps)", output.path, frames, outcome.seconds, fps))
  }

  /// The job the options describe, with absolute paths.
  private static func job(from args: ParsedArguments) throws -> VideoJob {
    guard !args.positional.isEmpty else {
      throw UsageError("video needs at least one movie IN (or --job JOB.json)")
    }
    let output = JobOptions.absolute(try args.required("output"))
    if args.has("crf"), args.has("bitrate") {
      throw UsageError("--crf and --bitrate exclude each other")
    }
    let trims = try args.strings("trim").map { text throws(UsageError) in
      try span(parsing: text, option: "--trim")
    }
    guard trims.count <= args.positional.count else {
      throw UsageError(
        "\(trims.count) --trim options for \(args.positional.count) clips (one per clip)")
    }
    let music = try args.string("music").map { path throws(UsageError) in
      VideoJob.Music(
        path: JobOptions.absolute(path), volume: args.number("music-volume") ?? 1,
        trim: try args.string("music-trim").map { text throws(UsageError) in
          try span(parsing: text, option: "--music-trim")
        })
    }
    if music == nil, args.has("music-volume") || args.has("music-trim") {
      throw UsageError("--music-volume and --music-trim need --music FILE")
    }
    if let rate = args.string("fps") {
      do {
        _ = try VideoEncodeSettings.FrameRate(parsing: rate)
      } catch {
        throw UsageError("--fps: \(error)")
      }
    }
    let docPath = args.string("doc")
    let folder = JobOptions.absolute(
      docPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? ".")
    return VideoJob(
      clips: args.positional.enumerated().map { index, path in
        VideoJob.Clip(
          path: JobOptions.absolute(path), trim: index < trims.count ? trims[index] : nil)
      },
      document: try docPath.map { try DocumentFile.read(URL(fileURLWithPath: $0)) }
        ?? EditDocument(),
      output: output, resourceFolder: folder,
      allowedRoots: JobOptions.roots(args, documentFolder: folder),
      assetSources: JobOptions.assetSources(args), longSide: args.integer("size"),
      fills: args.has("fill"), frameRate: args.string("fps"),
      keepsClipAudio: !args.has("no-audio"), music: music,
      minimumDuration: try args.string("min").map { text throws(UsageError) in
        try VideoTime.seconds(parsing: text, option: "--min")
      },
      maximumDuration: try args.string("max").map { text throws(UsageError) in
        try VideoTime.seconds(parsing: text, option: "--max")
      },
      encoding: try encoding(args, output: output),
      metadata: args.has("strip-metadata")
        ? .stripAll : args.has("strip-gps") ? .stripLocation : .keep,
      overwrite: args.has("overwrite"))
  }

  /// The encoder options, checked against the container the output's extension names: an
  /// option that does not apply (--preset for VP9, H.264 in WebM) is refused, not ignored.
  private static func encoding(_ args: ParsedArguments, output: String) throws(UsageError)
    -> VideoJob.Encoding
  {
    let encoding = VideoJob.Encoding(
      codec: args.string("codec").flatMap(VideoEncodeSettings.Codec.init(rawValue:)),
      crf: args.integer("crf") ?? 20, bitrate: args.integer("bitrate"),
      preset: args.string("preset"))
    let settings: VideoEncodeSettings
    do {
      settings = encoding.settings(container: try VideoJob.container(of: output))
    } catch {
      throw UsageError("\(error)")
    }
    let codec = settings.codec
    if let crf = args.integer("crf"), !codec.crfRange.contains(crf) {
      throw UsageError(
        "--crf must be a whole number in \(codec.crfRange), not \"\(crf)\" (for \(codec.rawValue))")
    }
    if args.has("preset"), !codec.takesPresets {
      throw UsageError("--preset applies to h264 and hevc, not \(codec.rawValue)")
    }
    do {
      try settings.validate()
    } catch {
      throw UsageError("\(error)")
    }
    return encoding
  }

  /// `FROM:TO` in seconds (3.2, 3.2s, 1500ms); either side may be empty.
  private static func span(parsing text: String, option: String) throws(UsageError)
    -> VideoJob.Span
  {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw UsageError(
        "\(option): cannot read \(UsageError.quoted(text)) as FROM:TO (seconds, e.g. 1.5:8, 2: or :8)"
      )
    }
    let from =
      parts[0].isEmpty ? 0 : try VideoTime.seconds(parsing: String(parts[0]), option: option)
    let to =
      parts[1].isEmpty ? nil : try VideoTime.seconds(parsing: String(parts[1]), option: option)
    guard from < to ?? .infinity else {
      throw UsageError("\(option): the span \(UsageError.quoted(text)) is empty")
    }
    return VideoJob.Span(from: from, to: to)
  }

  // MARK: Running

  /// What a finished export reports.
  struct Outcome {
    var frameCount: Int
    var seconds: Double
  }

  /// Runs the export to its end on a task, drawing progress (or printing it as JSON lines:
  /// `{"framesDone": 12, "frameCount": 50, "fraction": 0.24, "eta": 1.9}`); an interruption
  /// (Ctrl-C, SIGTERM) cancels it and exits with 128 + the signal (see ``Interruption``),
  /// leaving no file.
  static func perform(_ export: VideoExport, printsLines: Bool = false) throws -> Outcome {
    let events = try export.start()
    let result = ResultBox()
    let done = DispatchSemaphore(value: 0)
    let task = Task {
      let bar = !printsLines && ProgressBar.isUseful ? FrameProgressBar() : nil
      do {
        for try await event in events {
          switch event {
          case .progress(let progress):
            bar?.draw(progress)
            if printsLines { Self.printLine(progress) }
            result.set(
              .success(Outcome(frameCount: progress.frameCount, seconds: progress.elapsed)))
          case .finished:
            bar?.clear()
          }
        }
      } catch {
        bar?.clear()
        result.set(.failure(error))
      }
      done.signal()
    }
    Interruption.wait(for: done) { task.cancel() }
    return try result.get()
  }

  /// Reads standard input to its end on a thread, then stops the export as SIGTERM would: a
  /// service holds the other end, and a service killed outright closes it.
  private static func stopWhenStandardInputCloses() {
    Thread {
      while !FileHandle.standardInput.availableData.isEmpty {}
      kill(getpid(), SIGTERM)
    }.start()
  }

  /// One progress line, written at once (standard output may be a pipe, which buffers).
  private static func printLine(_ progress: VideoExportProgress) {
    let eta = progress.estimatedTimeRemaining.map { String(format: "%.2f", $0) } ?? "null"
    let line = String(
      format: "{\"framesDone\": %d, \"frameCount\": %d, \"fraction\": %.4f, \"eta\": %@}\n",
      progress.framesDone, progress.frameCount, progress.fraction, eta)
    FileHandle.standardOutput.write(Data(line.utf8))
  }

  /// The task's result, handed to the waiting thread.
  private final class ResultBox: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var result: Result<Outcome, any Error> = .success(Outcome(frameCount: 0, seconds: 0))

    func set(_ value: Result<Outcome, any Error>) { lock.withLock { result = value } }
    func get() throws -> Outcome { try lock.withLock { result }.get() }
  }
}

/// The export's progress on one line of standard error: a bar, the frames and the time left.
final class FrameProgressBar: @unchecked Sendable {
  private var drawn = -1

  func draw(_ progress: VideoExportProgress) {
    let percent = Int(progress.fraction * 100)
    guard percent != drawn else { return }
    drawn = percent
    let filled = percent * 30 / 100
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
    let left = progress.estimatedTimeRemaining.map { String(format: ", %.0f s left", $0) } ?? ""
    FileHandle.standardError.write(
      Data(
        "\rexporting [\(bar)] \(percent)% \(progress.framesDone)/\(progress.frameCount)\(left)\u{1B}[K"
          .utf8))
  }

  func clear() { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
}
