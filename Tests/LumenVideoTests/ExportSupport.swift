import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo

/// Clips made with the ffmpeg program for the export tests, ffprobe's view of the outputs,
/// and running an export to its end. The suites using them are tagged `.oracle` and skipped
/// where ffmpeg or ffprobe is missing.
enum ExportSupport {
  // Running the tools, scratch directories and PSNR: LumenTestSupport; ffprobe's numbers,
  // decoded frames and audio packet hashes: ``WritingSupport``.

  // MARK: Clips

  /// Made once per test run, shared by the tests.
  static let clips = Scratch.shared("export-clips")

  private static let lock = NSLock()

  /// The clip `name`, made by ffmpeg with `arguments` the first time it is asked for.
  static func clip(_ name: String, _ arguments: [String]) throws -> URL {
    let url = clips.appendingPathComponent(name)
    try lock.withLock {
      if !FileManager.default.fileExists(atPath: url.path) {
        _ = try WritingSupport.ffmpeg(arguments + [url.path])
      }
    }
    return url
  }

  /// `seconds` of a moving test pattern at `size` and `rate` with a sine tone (AAC, 48 kHz).
  static func movie(
    _ name: String, size: String = "320x240", rate: Int = 30, seconds: Double = 2,
    pattern: String = "testsrc2", tone: Int? = 440
  ) throws -> URL {
    var arguments = [
      "-f", "lavfi", "-i", "\(pattern)=size=\(size):rate=\(rate):duration=\(seconds)",
    ]
    if let tone {
      arguments += [
        "-f", "lavfi", "-i", "sine=frequency=\(tone):sample_rate=48000:duration=\(seconds)",
      ]
    }
    arguments += ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"]
    if tone != nil { arguments += ["-c:a", "aac", "-ar", "48000"] }
    return try clip(name, arguments)
  }

  /// 320x240, 30 fps, 2 s, with a 440 Hz tone.
  static func standard() throws -> URL { try movie("standard.mp4") }
  /// 320x240, 30 fps, 1 s of smooth moving colour (blurred test pattern), silent.
  static func smooth() throws -> URL {
    try clip(
      "smooth.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=1,gblur=sigma=6",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
      ])
  }
  /// 640x360 (16:9), 25 fps, 1 s, with an 880 Hz tone.
  static func wide() throws -> URL {
    try movie("wide.mp4", size: "640x360", rate: 25, seconds: 1, tone: 880)
  }
  /// A still picture (SMPTE bars), 320x240, 30 fps, 1 s, silent.
  static func bars() throws -> URL {
    try movie("bars.mp4", seconds: 1, pattern: "smptebars", tone: nil)
  }
  /// 3 s of a 330 Hz tone, sound only.
  static func music() throws -> URL {
    try clip(
      "music.m4a",
      ["-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000:duration=3", "-c:a", "aac"])
  }

  // MARK: Running exports

  /// Runs `export` to its end and returns its events.
  static func run(_ export: VideoExport) async throws -> [VideoExportEvent] {
    var events: [VideoExportEvent] = []
    for try await event in try export.start() { events.append(event) }
    return events
  }

  // MARK: What ffprobe and ffmpeg see

  /// ffprobe's description of the first stream of `kind` ("v" or "a"), nil if none.
  static func stream(_ url: URL, _ kind: String) throws -> [String: Any]? {
    let data = try WritingSupport.run(
      "ffprobe",
      [
        "-v", "error", "-select_streams", kind, "-count_packets", "-show_streams", "-of", "json",
        url.path,
      ])
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (json?["streams"] as? [[String: Any]])?.first
  }

  /// The root mean square of the sound, mono, full scale 1.
  static func loudness(_ url: URL) throws -> Double {
    let data = try WritingSupport.ffmpeg([
      "-i", url.path, "-map", "0:a:0", "-ac", "1", "-f", "s16le", "-",
    ])
    let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot() / 32768
  }

  /// The mean of the 8-bit samples in rows `rows` of an RGB24 picture `width` wide.
  static func mean(_ picture: Data, width: Int, rows: Range<Int>) -> Double {
    let bytes = picture[(rows.lowerBound * width * 3)..<(rows.upperBound * width * 3)]
    return Double(bytes.reduce(0) { $0 + Int($1) }) / Double(bytes.count)
  }
}
