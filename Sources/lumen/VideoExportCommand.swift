import Dispatch
import Foundation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenFilters
import LumenVideo

/// `lumen video IN... [--doc EDIT.json] -o OUT.mp4 [options]`: clips joined, trimmed, edited
/// and encoded, with a progress bar on standard error. Ctrl-C stops the export and leaves no
/// file behind.
enum VideoExportCommand {
  static let positionals = Positionals.oneOrMore("IN", help: "the clips, joined in order")

  static let options: [Option] = [
    .value("doc", "EDIT.json", .path, help: "an edit document applied to every frame"),
    .value(
      "output", short: "o", "OUT.mp4", .path, required: true,
      help: "the movie to write: .mp4, or .mov for QuickTime"),
    .value(
      "trim", "FROM:TO", .text, repeatable: true,
      help: "the n-th --trim keeps FROM:TO seconds of the n-th clip; 2:, :8 and : leave a side open"
    ),
    .value("size", "PIXELS", .integer(2...16_384), help: "the long side, never enlarged"),
    .flag("fill", help: "crops clips of another shape to fill the frame instead of letterboxing"),
    .value("fps", "RATE", .text, help: "30, 29.97 or 30000/1001; by default the first clip's"),
    .value(
      "crf", "0-51", .integer(VideoEncodeSettings.crfRange),
      help: "constant quality, lower is better and bigger; 20 unless --bitrate"),
    .value(
      "bitrate", "BITS", .integer(VideoEncodeSettings.bitrateRange),
      help: "a bit rate in bits per second instead of --crf"),
    .value(
      "preset", "PRESET", .choice(VideoEncodeSettings.presets), default: "veryfast",
      help: "encoder speed: slower presets give smaller files at the same quality"),
    .value(
      "codec", "", .choice(VideoEncodeSettings.Codec.allCases.map(\.rawValue)), default: "h264",
      help: "the video codec"),
    .value("music", "FILE", .path, help: "a sound file laid under the whole movie"),
    .value("music-volume", "X", .number(0...16), default: "1", help: "the music's gain"),
    .value("music-trim", "FROM:TO", .text, help: "the part of the music to use"),
    .value("min", "SECONDS", .text, help: "refuses clips that are shorter"),
    .value("max", "SECONDS", .text, help: "cuts the movie there"),
    .flag("no-audio", help: "leaves out the clips' sound"),
    .flag("overwrite", help: "replaces OUT when it exists, even when it is an input"),
  ]

  static let notes = """
    Joins the clips in order, applies the edit document to every frame (keyframes count from \
    the output's start) and encodes H.264 (default) or HEVC with AAC or copied sound. A \
    document's look id ending in .cube names a LUT file (relative to the document). Times are \
    seconds (3.2, 3.2s), milliseconds (1500ms) or clock times (1:02.5).
    """

  static func run(_ args: ParsedArguments) throws {
    let inputs = args.positional.map { URL(fileURLWithPath: $0) }
    let output = URL(fileURLWithPath: try args.required("output"))
    if args.has("crf"), args.has("bitrate") {
      throw UsageError("--crf and --bitrate exclude each other")
    }
    let composition = try composition(args, inputs: inputs)
    let settings = settings(args, output: output)
    if !args.has("overwrite"), let input = inputs.first(where: { sameFile($0, output) }) {
      throw CommandFailure("\(input.path): refusing to overwrite an input (use --overwrite)")
    }
    try VideoOutput.checkWritable(output.path)

    let docURL = args.string("doc").map(URL.init(fileURLWithPath:))
    let export = VideoExport(
      composition: composition,
      document: try docURL.map(DocCommand.read) ?? EditDocument(),
      resources: resources(relativeTo: docURL?.deletingLastPathComponent()),
      settings: settings, output: output)
    let outcome = try Self.perform(export)
    let frames = outcome.frameCount
    let fps = outcome.seconds > 0 ? Double(frames) / outcome.seconds : 0
    print(
      String(
        format: "%@: %d frames in %.2f s (%.1f fps)", output.path, frames, outcome.seconds, fps))
  }

  private static func composition(_ args: ParsedArguments, inputs: [URL]) throws(UsageError)
    -> VideoComposition
  {
    let trims = try args.strings("trim").map { text throws(UsageError) in
      try span(parsing: text, option: "--trim")
    }
    guard trims.count <= inputs.count else {
      throw UsageError("\(trims.count) --trim options for \(inputs.count) clips (one per clip)")
    }
    var composition = VideoComposition(
      clips: inputs.enumerated().map { index, url in
        VideoClip(url: url, trim: index < trims.count ? trims[index] : nil)
      })
    if let long = args.integer("size") { composition.size = .longSide(long) }
    composition.fitting = args.has("fill") ? .fill : .fit
    if let text = args.string("fps") { composition.frameRate = try frameRate(parsing: text) }
    composition.keepsClipAudio = !args.has("no-audio")
    if let music = args.string("music") {
      composition.music = MusicTrack(
        url: URL(fileURLWithPath: music), volume: args.number("music-volume") ?? 1,
        trim: try args.string("music-trim").map { text throws(UsageError) in
          try span(parsing: text, option: "--music-trim")
        })
    } else if args.has("music-volume") || args.has("music-trim") {
      throw UsageError("--music-volume and --music-trim need --music FILE")
    }
    composition.minimumDuration = try args.string("min").map { text throws(UsageError) in
      try VideoTime.seconds(parsing: text, option: "--min")
    }
    composition.maximumDuration = try args.string("max").map { text throws(UsageError) in
      try VideoTime.seconds(parsing: text, option: "--max")
    }
    return composition
  }

  private static func settings(_ args: ParsedArguments, output: URL) -> VideoEncodeSettings {
    var settings = VideoEncodeSettings(rateControl: .crf(20), preset: "veryfast")
    if let bitrate = args.integer("bitrate") { settings.rateControl = .bitrate(bitrate) }
    if let crf = args.integer("crf") { settings.rateControl = .crf(crf) }
    if let preset = args.string("preset") { settings.preset = preset }
    if let codec = args.string("codec").flatMap(VideoEncodeSettings.Codec.init(rawValue:)) {
      settings.codec = codec
    }
    settings.container = output.pathExtension.lowercased() == "mov" ? .mov : .mp4
    return settings
  }

  /// The document's looks from the built-in library, or from a .cube file when the id names
  /// one; overlay images from files. Paths are relative to the document.
  private static func resources(relativeTo directory: URL?) -> EditResources {
    let directory = directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let standard = EditResources.standard(directory: directory) { try Photo(contentsOf: $0).image }
    return EditResources(
      look: { id in
        guard id.lowercased().hasSuffix(".cube") else { return try standard.look(id) }
        let url =
          id.hasPrefix("/") ? URL(fileURLWithPath: id) : directory.appendingPathComponent(id)
        return try LookLibrary.readCube(url)
      },
      image: standard.image)
  }

  /// `FROM:TO` in seconds (3.2, 3.2s, 1500ms); either side may be empty.
  private static func span(parsing text: String, option: String) throws(UsageError)
    -> Range<Double>
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
      parts[1].isEmpty
      ? .infinity : try VideoTime.seconds(parsing: String(parts[1]), option: option)
    guard from < to else {
      throw UsageError("\(option): the span \(UsageError.quoted(text)) is empty")
    }
    return from..<to
  }

  /// `30`, `29.97` or `30000/1001`.
  private static func frameRate(parsing text: String) throws(UsageError)
    -> VideoEncodeSettings.FrameRate
  {
    let failure = UsageError(
      "--fps must be a rate such as 30, 29.97 or 30000/1001, not \(UsageError.quoted(text))")
    let parts = text.split(separator: "/")
    if parts.count == 2, let numerator = Int32(parts[0]), let denominator = Int32(parts[1]),
      numerator > 0, denominator > 0
    {
      return VideoEncodeSettings.FrameRate(numerator: numerator, denominator: denominator)
    }
    guard parts.count == 1, let value = Double(text), (1...1000).contains(value) else {
      throw failure
    }
    if value == value.rounded() { return VideoEncodeSettings.FrameRate(numerator: Int32(value)) }
    // NTSC rates are written rounded (29.97, 23.976, 59.94): take the exact thousand-and-one.
    let ntsc = (value * 1.001).rounded()
    if abs(ntsc / 1.001 - value) < 0.01 {
      return VideoEncodeSettings.FrameRate(numerator: Int32(ntsc) * 1000, denominator: 1001)
    }
    return VideoEncodeSettings.FrameRate(
      numerator: Int32((value * 1000).rounded()), denominator: 1000)
  }

  private static func sameFile(_ a: URL, _ b: URL) -> Bool {
    a.standardizedFileURL.resolvingSymlinksInPath().path
      == b.standardizedFileURL.resolvingSymlinksInPath().path
  }

  // MARK: Running

  /// What a finished export reports.
  struct Outcome {
    var frameCount: Int
    var seconds: Double
  }

  /// Runs the export to its end on a task, drawing progress; Ctrl-C cancels it (the export
  /// removes its unfinished file before the loop ends) and exits with status 130.
  private static func perform(_ export: VideoExport) throws -> Outcome {
    let events = try export.start()
    let result = ResultBox()
    let done = DispatchSemaphore(value: 0)
    let task = Task {
      let bar = ProgressBar.isUseful ? FrameProgressBar() : nil
      do {
        for try await event in events {
          switch event {
          case .progress(let progress):
            bar?.draw(progress)
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
    signal(SIGINT, SIG_IGN)
    let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    interrupt.setEventHandler {
      task.cancel()
      done.wait()
      FileHandle.standardError.write(Data("\r\u{1B}[Klumen: interrupted, no file written\n".utf8))
      exit(130)
    }
    interrupt.resume()
    done.wait()
    interrupt.cancel()
    signal(SIGINT, SIG_DFL)
    return try result.get()
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
