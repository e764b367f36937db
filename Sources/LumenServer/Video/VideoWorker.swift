import Foundation

/// The service's video work, done by `lumen-video` in a process of its own: FFmpeg and its
/// hundred-odd libraries never load into the server (whose idle memory stays small), and a
/// demuxer or encoder failing on a hostile upload takes down that process only.
public struct VideoWorker: Sendable {
  /// The `lumen-video` executable.
  public let executable: URL

  public init(executable: URL) {
    self.executable = executable
  }

  /// What a movie's headers say, as the service keeps it.
  struct Info {
    let width: Int
    let height: Int
    let duration: Double
    /// Average frames per second, when the headers give a plausible one.
    let frameRate: Double?
  }

  /// The upright picture size and duration of `file` (headers only).
  func info(of file: URL) throws(VideoWorkError) -> Info {
    let output = try run(["video", "info", file.path, "--json"])
    guard
      let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any],
      let video = object["video"] as? [String: Any],
      let width = video["displayWidth"] as? Int, let height = video["displayHeight"] as? Int,
      let duration = object["duration"] as? Double
    else { throw VideoWorkError(reason: "lumen-video described the movie in an unknown form") }
    let rate = (video["averageFrameRate"] as? Double).flatMap { (1...1000).contains($0) ? $0 : nil }
    return Info(width: width, height: height, duration: duration, frameRate: rate)
  }

  /// Writes the frame of `file` shown at `seconds` to `output` (a PNG); the frame's own time.
  func frame(of file: URL, atSeconds seconds: Double, to output: URL) throws(VideoWorkError)
    -> Double
  {
    let said = try run([
      "video", "frame", file.path, "--time", String(seconds), "-o", output.path,
    ])
    // "OUT: frame at 1.480 s"
    let text = String(decoding: said, as: UTF8.self)
    guard let range = text.range(of: #"frame at [0-9.]+ s"#, options: .regularExpression),
      let time = Double(text[range].dropFirst("frame at ".count).dropLast(2))
    else { return seconds }
    return time
  }

  /// Checks the video job in `job` as `lumen video --job` reads it, without running it.
  func check(job: URL) throws(VideoWorkError) {
    _ = try run(["video", "--job", job.path, "--print-job"])
  }

  /// Runs the video job in `job`, reporting the share done; stops it as soon as `isCancelled`
  /// says so (no output appears: it writes through an unnamed file), and then throws
  /// CancellationError.
  func export(
    job: URL, progress: @escaping @Sendable (Double) -> Void, isCancelled: () -> Bool
  ) throws {
    // The export stops when this pipe closes: when the job ends here, or the server dies.
    let lifeline = Pipe()
    let (process, output, errors) = try launch(
      ["video", "--job", job.path, "--progress-lines", "--until-stdin-closes"], input: lifeline)
    defer { try? lifeline.fileHandleForWriting.close() }
    let reader = Thread {
      var pending = Data()
      while case let piece = output.fileHandleForReading.availableData, !piece.isEmpty {
        pending += piece
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = pending[pending.startIndex..<end]
          pending = Data(pending[(end + 1)...])
          if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let fraction = object["fraction"] as? Double
          {
            progress(fraction)
          }
        }
      }
    }
    reader.start()
    let failure = Self.collect(errors)
    // SIGTERM first (the export stops after its frame in flight); an encoder deep in one
    // slow frame gets SIGKILL after two seconds: its unfinished output was never named.
    var cancelled: Date?
    while process.isRunning {
      if cancelled == nil, isCancelled() {
        cancelled = Date()
        process.terminate()
      } else if let cancelled, Date().timeIntervalSince(cancelled) > 2 {
        kill(process.processIdentifier, SIGKILL)
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    process.waitUntilExit()
    if cancelled != nil { throw CancellationError() }
    guard process.terminationStatus == 0 else {
      throw VideoWorkError(message: failure.text)
    }
  }

  /// How long reading headers, a frame or a job's settings may take: a file that keeps a
  /// demuxer busy longer is refused rather than holding a request thread.
  static let patience = 60.0

  /// Runs `lumen-video` with `arguments` to its end (killed after ``patience`` seconds); its
  /// standard output, or its one-line error as a ``VideoWorkError``.
  private func run(_ arguments: [String]) throws(VideoWorkError) -> Data {
    let (process, output, errors) = try launch(arguments, input: FileHandle.nullDevice)
    let failure = Self.collect(errors)
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + Self.patience, execute: watchdog)
    let said = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
      throw VideoWorkError(reason: "reading the movie took over \(Int(Self.patience)) s")
    }
    guard process.terminationStatus == 0 else { throw VideoWorkError(message: failure.text) }
    return said
  }

  /// `lumen-video` with `arguments` started, reading `input`; its output and error pipes.
  private func launch(_ arguments: [String], input: Any) throws(VideoWorkError)
    -> (Process, output: Pipe, errors: Pipe)
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let (output, errors) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    do {
      try process.run()
    } catch {
      throw VideoWorkError(reason: "cannot run \(executable.lastPathComponent): \(error)")
    }
    return (process, output, errors)
  }

  /// Reads `pipe` to its end on a thread of its own (a full pipe would stall the child).
  private static func collect(_ pipe: Pipe) -> Collected {
    let collected = Collected()
    let thread = Thread {
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      collected.finish(data)
    }
    thread.start()
    return collected
  }

  private final class Collected: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    func finish(_ data: Data) {
      self.data = data
      done.signal()
    }

    var text: String {
      done.wait()
      done.signal()
      return String(decoding: data, as: UTF8.self)
    }
  }
}

/// Why `lumen-video` refused: its one line, without the `lumen: error: FILE: ` prefix, and the
/// JSON path it names when it names one (`encoding.crf`).
struct VideoWorkError: Error, CustomStringConvertible {
  let reason: String
  var path: String?

  init(reason: String, path: String? = nil) {
    self.reason = reason
    self.path = path
  }

  /// From `lumen-video`'s standard error: `lumen: error: /x/job.json: encoding.crf: expected…`.
  init(message: String) {
    var line = message.split(separator: "\n").last { !$0.hasPrefix("\r") }.map(String.init) ?? ""
    if line.hasPrefix("lumen: error: ") { line.removeFirst("lumen: error: ".count) }
    // The file it names is the server's own (a scratch or stored file): not for clients.
    if line.hasPrefix("/"), let colon = line.range(of: ": ") {
      line = String(line[colon.upperBound...])
    }
    var path: String?
    if let colon = line.range(of: ": "),
      line[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "._[]".contains($0) })
    {
      path = String(line[..<colon.lowerBound])
    }
    self.init(reason: line.isEmpty ? "lumen-video failed" : line, path: path)
  }

  var description: String { reason }
}
