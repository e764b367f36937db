import Foundation
import LumenTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP stop a photo render and a video export within two seconds, with
/// status 128 + the signal, no file left and the previous output untouched; SIGKILL leaves
/// nothing under the output's name either. The slow inputs are made by ffmpeg: a 6000x6000
/// PNG and a 60 s 720p movie.
@Suite(.tags(.oracle), .requires(.ffmpeg))
struct SignalTests {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// The slow inputs, made once per test process.
  static let inputs = Result { () throws -> (photo: URL, movie: URL) in
    let folder = Scratch.shared("signal-inputs")
    let photo = folder.appendingPathComponent("big.png")
    let movie = folder.appendingPathComponent("long.mp4")
    if !FileManager.default.fileExists(atPath: photo.path) {
      try VideoCommandTests.ffmpeg([
        "-f", "lavfi", "-i", "testsrc2=size=6000x6000", "-frames:v", "1", photo.path,
      ])
    }
    if !FileManager.default.fileExists(atPath: movie.path) {
      try VideoCommandTests.ffmpeg([
        "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=60", "-c:v", "libx264",
        "-preset", "ultrafast", "-pix_fmt", "yuv420p", movie.path,
      ])
    }
    return (photo, movie)
  }

  /// How a signalled run ended.
  struct Stopped {
    let status: Int32
    /// Seconds from the signal to the exit.
    let seconds: Double
    let errors: String
  }

  /// Runs lumen with `arguments` in `folder`, sends `signal` after `delay` seconds (the run
  /// must still be going) and waits for the exit.
  static func interrupt(
    _ arguments: [String], in folder: URL, with signal: Int32, after delay: Double = 1.2,
    environment: [String: String] = [:], beforeTheSignal look: (Int32) -> Void = { _ in }
  ) throws -> Stopped {
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: delay)
    guard process.isRunning else {
      throw ToolFailure("lumen \(arguments.joined(separator: " ")) ended before the signal")
    }
    look(process.processIdentifier)
    let start = Date()
    kill(process.processIdentifier, signal)
    let deadline = start.addingTimeInterval(10)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    let seconds = Date().timeIntervalSince(start)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let text = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return Stopped(status: process.terminationStatus, seconds: seconds, errors: text)
  }

  /// A folder holding only `out.NAME` with the bytes "previous" (0600).
  static func folder(output name: String) throws -> (folder: URL, output: URL) {
    let folder = try CLI.scratch()
    let output = folder.appendingPathComponent(name)
    try Data("previous".utf8).write(to: output)
    chmod(output.path, 0o600)
    return (folder, output)
  }

  static func expectUntouched(_ folder: URL, _ output: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    #expect(names == [output.lastPathComponent], "left behind: \(names)")
    #expect((try? Data(contentsOf: output)) == Data("previous".utf8))
  }

  @Test(arguments: signals)
  func aPhotoRenderStopsAndLeavesNothing(signal: Int32) throws {
    let photo = try Self.inputs.get().photo
    let (folder, output) = try Self.folder(output: "out.jpg")
    defer { try? FileManager.default.removeItem(at: folder) }
    let stopped = try Self.interrupt(
      [
        "render", photo.path, "-o", output.path, "--overwrite", "--filter", "gaussianBlur sigma=30",
      ],
      in: folder, with: signal)
    #expect(stopped.status == 128 + signal, "\(stopped.errors)")
    #expect(stopped.seconds < 2, "took \(stopped.seconds) s")
    #expect(stopped.errors.hasPrefix("lumen: interrupted by SIG"))
    Self.expectUntouched(folder, output)
  }

  @Test(arguments: signals)
  func aVideoExportStopsAndLeavesNothing(signal: Int32) throws {
    let movie = try Self.inputs.get().movie
    let (folder, output) = try Self.folder(output: "out.mp4")
    defer { try? FileManager.default.removeItem(at: folder) }
    let stopped = try Self.interrupt(
      ["video", movie.path, "-o", output.path, "--overwrite"], in: folder, with: signal)
    #expect(stopped.status == 128 + signal, "\(stopped.errors)")
    #expect(stopped.seconds < 2, "took \(stopped.seconds) s")
    Self.expectUntouched(folder, output)
  }

  /// An edit with layers (a sticker, a shape, a brush whose bands are kept between tiles)
  /// decodes its photo on a thread of its own while they are drawn: a signal still stops it
  /// promptly, and nothing is written. Its SVG helpers (for the sticker) end with it, even
  /// when it is killed.
  @Test(arguments: signals + [SIGKILL])
  func aLayeredEditStopsAndLeavesNothing(signal: Int32) throws {
    let photo = try Self.inputs.get().photo
    let (folder, output) = try Self.folder(output: "out.jpg")
    defer { try? FileManager.default.removeItem(at: folder) }
    let documents = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: documents) }
    let document = documents.appendingPathComponent("layered.json")
    try Data(
      #"""
      {"formatIdentifier": "org.lumen.edit", "formatVersion": 4,
       "operations": {"focus": {"mode": "gaussian", "blur": 0.2}},
       "layers": [{"id": "card", "kind": "shape", "shape": "ellipse", "fill": [1, 0, 0, 0.5],
                   "transform": {"x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5}},
                  {"id": "sun", "kind": "image", "source": "asset:lumen.sticker/nature/sun",
                   "transform": {"x": 0.8, "y": 0.2, "width": 0.2, "height": 0.2}},
                  {"id": "doodle", "kind": "brush", "strokes": [
                    {"points": [[0.05, 0.1], [0.5, 0.9], [0.95, 0.15]], "size": 0.02},
                    {"points": [[0.1, 0.8], [0.9, 0.3]], "size": 0.01, "hardness": 0.5}]}]}
      """#.utf8
    ).write(to: document)
    var helpers: [Int32] = []
    let stopped = try Self.interrupt(
      ["edit", photo.path, "--doc", document.path, "-o", output.path, "--overwrite"],
      in: folder, with: signal, after: 0.6
    ) { helpers = ChildProcesses.of($0, named: "lumen-svg-helper") }
    #expect(stopped.status == (signal == SIGKILL ? SIGKILL : 128 + signal), "\(stopped.errors)")
    #expect(stopped.seconds < 2, "took \(stopped.seconds) s")
    Self.expectUntouched(folder, output)
    #expect(!helpers.isEmpty)
    let deadline = Date().addingTimeInterval(2)
    while !helpers.allSatisfy(ChildProcesses.hasEnded), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(helpers.allSatisfy(ChildProcesses.hasEnded), "helpers \(helpers) outlived lumen")
  }

  /// Signalled while it starts, as its SVG helpers are started in the background and a frame's
  /// pieces go to them side by side, an edit still ends within two seconds and writes
  /// nothing, and every helper it started ends too, even one started after the signal
  /// (helpers are found by a variable they inherit, whoever their parent is by then).
  @Test(arguments: signals + [SIGKILL], [0.05, 0.15])
  func anEditSignalledWhileItsHelpersStartLeavesNothing(signal: Int32, delay: Double) throws {
    let photo = try Self.inputs.get().photo
    let (folder, output) = try Self.folder(output: "out.jpg")
    defer { try? FileManager.default.removeItem(at: folder) }
    let documents = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: documents) }
    let document = documents.appendingPathComponent("framed.json")
    try Data(
      #"""
      {"formatIdentifier": "org.lumen.edit", "formatVersion": 4,
       "layers": [{"id": "sun", "kind": "image", "source": "asset:lumen.sticker/nature/sun",
                   "transform": {"x": 0.8, "y": 0.2, "width": 0.3, "height": 0.3}},
                  {"id": "border", "kind": "frame", "frame": "asset:lumen.frame/classic-wood",
                   "size": 0.05}]}
      """#.utf8
    ).write(to: document)
    let value = UUID().uuidString
    let mark = "LUMEN_SIGNAL_TEST=\(value)"
    var seen: [Int32] = []
    let stopped = try Self.interrupt(
      ["edit", photo.path, "--doc", document.path, "-o", output.path, "--overwrite"],
      in: folder, with: signal, after: delay, environment: ["LUMEN_SIGNAL_TEST": value]
    ) { _ in seen = ChildProcesses.marked(mark, named: "lumen-svg-helper") }
    #expect(stopped.seconds < 2, "took \(stopped.seconds) s")
    Self.expectUntouched(folder, output)
    // By the later signal the helpers run: the lookup below finds them while they do.
    if delay > 0.1 { #expect(!seen.isEmpty) }
    let deadline = Date().addingTimeInterval(2)
    while !ChildProcesses.marked(mark, named: "lumen-svg-helper").isEmpty, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(ChildProcesses.marked(mark, named: "lumen-svg-helper").isEmpty)
  }

  /// SIGKILL cannot be handled: the unnamed temporary file vanishes with the process.
  @Test func aKilledRenderLeavesNothingVisible() throws {
    let inputs = try Self.inputs.get()
    let (folder, output) = try Self.folder(output: "out.mp4")
    defer { try? FileManager.default.removeItem(at: folder) }
    let photoOutput = folder.appendingPathComponent("out.png")
    for arguments in [
      ["video", inputs.movie.path, "-o", output.path, "--overwrite"],
      ["render", inputs.photo.path, "-o", photoOutput.path],
    ] {
      let stopped = try Self.interrupt(arguments, in: folder, with: SIGKILL, after: 0.3)
      #expect(stopped.status == SIGKILL)
    }
    Self.expectUntouched(folder, output)
  }
}
