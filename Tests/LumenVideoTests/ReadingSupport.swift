import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo

/// The ffmpeg and ffprobe programs, which the reading tests use to make clips and as oracles
/// (installed by `scripts/setup.sh --oracles`; the suites that use them are tagged `.oracle`
/// and skipped where they are missing).
enum ReadingOracle {
  /// Runs ffmpeg quietly, overwriting its output.
  static func ffmpeg(_ arguments: [String]) throws {
    try Program.output(
      of: "ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments)
  }

  /// ffmpeg's own decode of the frame numbered `index` (in presentation order) of `clip`,
  /// auto-rotated as ffmpeg does, as RGB24 (or RGB48 with `deep`). `filter` runs before the
  /// conversion to RGB, e.g. to force the matrix ffmpeg converts with.
  static func referenceFrame(
    _ clip: URL, index: Int, deep: Bool = false, filter: String? = nil, width: Int, height: Int
  ) throws -> Bitmap {
    let scratch = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let raw = scratch.appendingPathComponent("reference.raw")
    let select = "select=eq(n\\,\(index))" + (filter.map { ",\($0)" } ?? "")
    try ffmpeg([
      "-i", clip.path, "-vf", select, "-fps_mode", "passthrough", "-frames:v", "1",
      "-f", "rawvideo", "-pix_fmt", deep ? "rgb48le" : "rgb24", raw.path,
    ])
    let data = try Data(contentsOf: raw)
    let format: PixelFormat = deep ? .rgb16 : .rgb8
    guard data.count == width * height * format.bytesPerPixel else {
      throw ToolFailure(
        "ffmpeg's frame is \(data.count) bytes, not \(width)x\(height) pixels")
    }
    return Bitmap(width: width, height: height, format: format) { target in
      data.withUnsafeBytes { target.copyMemory(from: $0) }
    }
  }

  /// The presentation timestamps of the first video stream's frames, as
  /// `ffprobe -show_frames` reports them.
  static func frameTimestamps(_ clip: URL) throws -> [Int64] {
    let text = String(
      decoding: try Program.output(
        of: "ffprobe",
        [
          "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts", "-of",
          "csv=p=0", clip.path,
        ]), as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).compactMap {
      Int64($0.trimmingCharacters(in: .whitespaces).split(separator: ",").first ?? "")
    }
  }

  /// ffprobe's view of the first video stream, with frames counted by decoding.
  static func videoStream(_ clip: URL) throws -> [String: Any] {
    let data = try Program.output(
      of: "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_streams", "-of", "json",
        clip.path,
      ])
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let stream = (json?["streams"] as? [[String: Any]])?.first else {
      throw ToolFailure("ffprobe found no video stream in \(clip.path)")
    }
    return stream
  }

  /// ffprobe's view of the container.
  static func format(_ clip: URL) throws -> [String: Any] {
    let data = try Program.output(
      of: "ffprobe", ["-v", "error", "-show_format", "-of", "json", clip.path])
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let format = json?["format"] as? [String: Any] else {
      throw ToolFailure("ffprobe cannot read \(clip.path)")
    }
    return format
  }
}

/// Test clips, made on first use with the ffmpeg program (never by Lumen) into one directory
/// per test process, and shared by the tests that need them.
enum ReadingClips {
  /// One directory per test process, removed when the process exits.
  static let directory = Scratch.shared("video-reading")

  private static let cache = ClipCache()

  /// ffmpeg's test pattern (moving colour bars, a frame counter and a timecode: frames differ
  /// visibly from their neighbours).
  static func pattern(
    width: Int = 320, height: Int = 240, rate: Int = 25, seconds: Double = 2
  ) -> [String] {
    ["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=\(rate):duration=\(seconds)"]
  }

  /// A sine tone for an audio stream.
  static func tone(seconds: Double = 2) -> [String] {
    ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"]
  }

  /// The clip `name`, made by ffmpeg with `arguments` (output path appended) unless this
  /// process made it already.
  static func clip(_ name: String, _ arguments: [String]) throws -> URL {
    try cache.clip(directory.appendingPathComponent(name)) { url in
      try ReadingOracle.ffmpeg(arguments + [url.path])
    }
  }

  /// A derived file made by `make` (e.g. a truncated copy), once per process.
  static func file(_ name: String, _ make: (URL) throws -> Void) throws -> URL {
    try cache.clip(directory.appendingPathComponent(name), make)
  }

  /// H.264 in MP4 with B-frames and a keyframe every 12 frames (seeks land mid-clip).
  static func h264() throws -> URL {
    try clip(
      "h264.mp4",
      pattern() + ["-c:v", "libx264", "-preset", "veryfast", "-g", "12", "-pix_fmt", "yuv420p"])
  }

  /// The H.264 clip with a rotation in its display matrix (stream copy).
  static func rotated(_ degrees: Int) throws -> URL {
    let source = try h264()
    return try clip(
      "rotate\(degrees).mp4",
      ["-i", source.path, "-c", "copy", "-metadata:s:v:0", "rotate=\(degrees)"])
  }

  /// The H.264 clip with the track header's matrix set to `a b / c d` (16.16 fixed point) and
  /// translation `tx, ty` in pixels: mirrored display matrices, which ffmpeg 5.1 cannot write
  /// but phones and editors do. Patched into a copy of the bytes.
  static func withTrackMatrix(
    _ name: String, a: Int32, b: Int32, c: Int32, d: Int32, tx: Int32, ty: Int32
  ) throws -> URL {
    let source = try h264()
    return try file(name) { url in
      var bytes = [UInt8](try Data(contentsOf: source))
      guard let tkhd = bytes.firstRange(of: Array("tkhd".utf8)) else {
        throw ToolFailure("no tkhd box in \(source.path)")
      }
      // version/flags, times, track id, reserved, duration, reserved, layer, group, volume,
      // reserved: 40 bytes in version 0, 52 in version 1 (64-bit times and duration).
      let matrix = tkhd.upperBound + (bytes[tkhd.upperBound] == 1 ? 52 : 40)
      let values: [Int32] = [a, b, 0, c, d, 0, tx << 16, ty << 16, 1 << 30]
      for (index, value) in values.enumerated() {
        for byte in 0..<4 {
          bytes[matrix + 4 * index + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte))
        }
      }
      try Data(bytes).write(to: url)
    }
  }

  /// The H.264 clip with AAC stereo sound.
  static func withSound() throws -> URL {
    try clip(
      "h264-aac.mp4",
      pattern() + tone() + [
        "-c:v", "libx264", "-preset", "veryfast", "-g", "12", "-pix_fmt", "yuv420p", "-c:a",
        "aac", "-ac", "2",
      ])
  }

  /// The H.264 clip in Matroska (stream copy).
  static func matroska() throws -> URL {
    let source = try h264()
    return try clip("h264.mkv", ["-i", source.path, "-c", "copy"])
  }

  /// VP9 in WebM with Opus sound.
  static func webM() throws -> URL {
    try clip(
      "vp9.webm",
      pattern() + tone() + [
        "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-g", "12", "-b:v",
        "300k", "-c:a", "libopus",
      ])
  }

  /// HEVC in MP4.
  static func hevc() throws -> URL {
    try clip(
      "hevc.mp4",
      pattern(seconds: 1) + [
        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-g", "12",
      ])
  }

  /// AV1 (SVT-AV1) in Matroska.
  static func av1() throws -> URL {
    try clip("av1.mkv", pattern(seconds: 1) + ["-c:v", "libsvtav1", "-preset", "12"])
  }

  /// ProRes 422 in MOV: 10-bit 4:2:2.
  static func proRes() throws -> URL {
    try clip("prores.mov", pattern(seconds: 0.4) + ["-c:v", "prores_ks", "-profile:v", "2"])
  }

  /// Variable frame rate: 25 fps for ten frames, then one frame per 0.1 s (ms time base).
  static func variableRate() throws -> URL {
    try clip(
      "vfr.mkv",
      pattern() + [
        "-vf", "settb=1/1000,setpts='if(lt(N,10),N*0.04,0.4+(N-10)*0.1)/TB'", "-fps_mode",
        "passthrough", "-c:v", "libx264", "-preset", "veryfast", "-g", "12",
      ])
  }

  /// The pattern converted to YCbCr with `matrix` (an ffmpeg `colorspace` name) and `range`
  /// (`tv` or `pc`), and tagged so.
  static func tagged(matrix: String, range: String) throws -> URL {
    let scaleMatrix = matrix == "smpte170m" ? "bt601" : matrix
    return try clip(
      "\(matrix)-\(range).mp4",
      pattern(seconds: 0.2) + [
        "-vf", "scale=out_color_matrix=\(scaleMatrix):out_range=\(range),format=yuv420p",
        "-colorspace", matrix, "-color_range", range, "-c:v", "libx264", "-preset", "veryfast",
      ])
  }

  /// Untagged HD: converted with BT.709 (as HD is) but without any colour tag.
  static func untaggedHD() throws -> URL {
    try clip(
      "untagged-720p.mp4",
      pattern(width: 1280, height: 720, seconds: 0.08) + [
        "-vf", "scale=out_color_matrix=bt709,format=yuv420p", "-c:v", "libx264", "-preset",
        "veryfast",
      ])
  }

  /// Sound only (AAC in MP4).
  static func soundOnly() throws -> URL {
    try clip("tone.m4a", tone() + ["-c:a", "aac"])
  }

  /// Sound with a cover picture (MP3 with an attached JPEG), which is not video.
  static func soundWithCover() throws -> URL {
    try clip(
      "tone.mp3",
      tone() + pattern(seconds: 0.04) + [
        "-map", "0", "-map", "1", "-frames:v", "1", "-c:a", "libmp3lame", "-c:v", "mjpeg",
        "-disposition:v", "attached_pic",
      ])
  }
}

/// Made clips by path; a clip is made once even when tests ask for it at the same time,
/// while different clips are made in parallel.
private final class ClipCache: @unchecked Sendable {
  private let lock = NSLock()
  private var locks: [String: NSLock] = [:]
  private var made: Set<String> = []

  func clip(_ url: URL, _ make: (URL) throws -> Void) throws -> URL {
    let clipLock = lock.withLock {
      if let existing = locks[url.path] { return existing }
      let new = NSLock()
      locks[url.path] = new
      return new
    }
    clipLock.lock()
    defer { clipLock.unlock() }
    if lock.withLock({ made.contains(url.path) }) { return url }
    try make(url)
    lock.withLock { _ = made.insert(url.path) }
    return url
  }
}

/// Pixel comparisons for the reading tests (PSNR: LumenTestSupport).
enum ReadingSupport {
  /// The largest and the mean difference between two RGB bitmaps, in levels of 255.
  static func levelDifference(_ a: Bitmap, _ b: Bitmap) -> (max: Int, mean: Double) {
    precondition(a.width == b.width && a.height == b.height, "sizes differ")
    let (p, q) = (samples(of: a), samples(of: b))
    var largest = 0
    var total = 0
    for i in p.indices {
      let d = abs(Int((p[i] * 255).rounded()) - Int((q[i] * 255).rounded()))
      largest = max(largest, d)
      total += d
    }
    return (largest, Double(total) / Double(p.count))
  }

  /// The upright frame rendered to a bitmap of `format`, as the engine would use it.
  static func upright(_ frame: VideoFrame, format: PixelFormat = .rgb8) throws -> Bitmap {
    try Renderer().bitmap(of: frame.image, format: format)
  }
}
