import Foundation
import LumenCore
import LumenTestSupport
import Testing

/// Helpers for the writer's tests: clips made with the ffmpeg program, and ffprobe/ffmpeg as
/// oracles for what was written (running them, PSNR, scratch folders: LumenTestSupport).
enum WritingSupport {
  /// Runs `tool` (found in `PATH`) and returns its standard output; throws with its error
  /// output unless it succeeds.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> Data {
    try Program.output(of: tool, arguments)
  }

  static func ffmpeg(_ arguments: [String]) throws -> Data {
    try run("ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments)
  }

  /// ffprobe's JSON answer for `url` with `arguments` (e.g. `-show_streams`).
  static func probe(_ url: URL, _ arguments: [String]) throws -> [String: Any] {
    let data = try run(
      "ffprobe", ["-v", "error", "-of", "json"] + arguments + [url.path])
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw ToolFailure("ffprobe gave no JSON object for \(url.path)")
    }
    return object
  }

  /// The streams of `url` as ffprobe describes them, with the container's format.
  static func streams(_ url: URL) throws -> (video: [String: Any], audio: [String: Any]?) {
    let answer = try probe(url, ["-show_streams"])
    let streams = answer["streams"] as? [[String: Any]] ?? []
    guard let video = streams.first(where: { $0["codec_type"] as? String == "video" }) else {
      throw ToolFailure("no video stream in \(url.path)")
    }
    return (video, streams.first(where: { $0["codec_type"] as? String == "audio" }))
  }

  /// A number ffprobe gives as a string ("2.000000") or a number.
  static func number(_ value: Any?) -> Double? {
    if let text = value as? String { return Double(text) }
    return (value as? NSNumber)?.doubleValue
  }

  /// The presentation times of the video frames a decoder gets from `url`.
  static func frameTimes(_ url: URL) throws -> [Double] {
    let answer = try probe(
      url, ["-select_streams", "v:0", "-show_frames", "-show_entries", "frame=pts_time"])
    return (answer["frames"] as? [[String: Any]] ?? []).compactMap { number($0["pts_time"]) }
  }

  /// The number of video frames decoded from `url`.
  static func decodedFrameCount(_ url: URL) throws -> Int {
    let answer = try probe(
      url, ["-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames"])
    let stream = (answer["streams"] as? [[String: Any]])?.first
    return Int(number(stream?["nb_read_frames"]) ?? -1)
  }

  /// The top-level box types of an MP4/MOV file in file order.
  static func topLevelBoxes(_ url: URL) throws -> [String] {
    let data = try Data(contentsOf: url)
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
      var size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
      if size == 1, offset + 16 <= data.count {
        size = data[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
      } else if size == 0 {
        size = data.count - offset
      }
      boxes.append(type)
      guard size >= 8 else { break }
      offset += size
    }
    return boxes
  }

  /// Frame `index` of `url` decoded by ffmpeg to 8-bit RGB (its own YUV conversion, using the
  /// stream's colour tags).
  static func decodedFrame(_ url: URL, index: Int) throws -> Data {
    try ffmpeg([
      "-i", url.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-f", "rawvideo",
      "-pix_fmt", "rgb24", "-",
    ])
  }

  /// The bytes of a tightly packed rgb8 bitmap.
  static func bytes(of bitmap: Bitmap) -> Data {
    bitmap.withUnsafeBytes { Data($0) }
  }

  /// A smooth, colourful test picture that moves with `frame`: saturated hues in every
  /// direction (a wrong YUV matrix would shift them) and no detail finer than a few pixels.
  static func pattern(
    width: Int, height: Int, frame: Int = 0, format: PixelFormat = .rgb8
  ) -> Bitmap {
    func wave(_ phase: Double) -> Double { 0.5 + 0.45 * sin(2 * .pi * phase) }
    let shift = Double(frame) * 0.03
    let reds = (0..<width).map { wave(Double($0) / Double(width) + shift) }
    let greens = (0..<height).map { wave(Double($0) / Double(height) + 0.33 + shift) }
    return Bitmap(width: width, height: height, format: format) { bytes in
      let channels = format.channels
      for y in 0..<height {
        for x in 0..<width {
          let blue = wave(Double(x) / Double(width) + Double(y) / Double(height) + 0.66)
          let pixel = (y * width + x) * channels
          for channel in 0..<channels {
            let value = channel == 0 ? reds[x] : channel == 1 ? greens[y] : channel == 2 ? blue : 1
            if format.sample == .uint16 {
              bytes.storeBytes(
                of: UInt16(value * 65535), toByteOffset: 2 * (pixel + channel), as: UInt16.self)
            } else {
              bytes[pixel + channel] = UInt8(value * 255)
            }
          }
        }
      }
    }
  }

  /// The names in `directory`, hidden ones included (where temporary files would hide).
  static func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// A clip made by ffmpeg: a test picture and, unless `audio` is nil, a sine tone encoded as
  /// `audio` (an ffmpeg encoder name) at `sampleRate`; with `rising`, the tone's amplitude
  /// grows in proportion to time, so that its level tells where in the clip a sample was.
  static func makeClip(
    in directory: URL, name: String, seconds: Double = 2, audio: String? = "aac",
    sampleRate: Int = 44_100, frequency: Int = 440, rising: Bool = false
  ) throws -> URL {
    let url = directory.appendingPathComponent(name)
    var arguments = ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25"]
    if let audio {
      let tone =
        rising
        ? "aevalsrc=0.4*t*sin(2*PI*\(frequency)*t):s=\(sampleRate)"
        : "sine=frequency=\(frequency):sample_rate=\(sampleRate)"
      arguments += ["-f", "lavfi", "-i", tone, "-c:a", audio]
    }
    arguments += ["-t", "\(seconds)", "-c:v", "libx264", "-preset", "ultrafast", url.path]
    _ = try ffmpeg(arguments)
    return url
  }

  /// The first audio channel of `url` decoded by ffmpeg to 16-bit samples at `rate` (edit
  /// lists and priming applied, as a player would).
  static func decodedAudio(_ url: URL, rate: Int = 48_000) throws -> [Int16] {
    let data = try ffmpeg([
      "-i", url.path, "-map", "0:a", "-af", "pan=mono|c0=c0", "-ar", "\(rate)", "-f", "s16le",
      "-",
    ])
    return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
  }

  /// The MD5 of an audio stream's packets, which only an untouched copy preserves.
  static func audioPacketHash(_ url: URL) throws -> String {
    String(
      decoding: try ffmpeg(["-i", url.path, "-map", "0:a", "-c", "copy", "-f", "md5", "-"]),
      as: UTF8.self)
  }
}
