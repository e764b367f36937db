import Foundation
import LumenCommandLine
import LumenVideo

/// `lumen video info IN... [--json] [--count-frames]`: what movie files say about themselves.
enum VideoInfoCommand {
  static let command = Command(
    name: VideoTool.info.name, summary: VideoTool.info.summary,
    positionals: .oneOrMore("IN", help: "the movies, read from their headers"),
    options: [
      .flag("json", help: "one JSON object per file"),
      .flag(
        "count-frames",
        help: "counts the frames exactly where the container only allows an estimate "
          + "(Matroska, WebM), at the cost of reading the file"),
    ],
    notes: """
      Container, duration, video (codec, sizes, rotation, frame rates, frame count, pixel \
      format, colour matrix and range) and audio streams.
      """,
    run: VideoCommand.quietly(run))

  static func run(_ args: ParsedArguments) throws {
    for path in args.positional {
      let asset = try VideoAsset(contentsOf: URL(fileURLWithPath: path))
      var info = asset.info
      if args.has("count-frames"), !info.video.frameCount.isExact {
        info.video.frameCount = .exact(try asset.countFrames())
      }
      if args.has("json") {
        let data = try JSONSerialization.data(
          withJSONObject: json(info, file: path), options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
      } else {
        for (key, value) in lines(info, file: path) {
          print("\(key.padding(toLength: 12, withPad: " ", startingAt: 0)) \(value)")
        }
        print()
      }
    }
  }

  /// The report as labelled lines.
  static func lines(_ info: VideoInfo, file: String) -> [(String, String)] {
    let video = info.video
    var lines: [(String, String)] = [
      ("file", file),
      ("container", "\(info.containerDescription) (\(info.container))"),
      ("duration", String(format: "%.3f s", info.duration.seconds)),
      (
        "video",
        [video.codec, video.profile.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
          + ", \(video.width)x\(video.height), \(video.pixelFormat), \(video.bitDepth)-bit"
      ),
      ("display", "\(video.displayWidth)x\(video.displayHeight)" + turn(video)),
      ("frame rate", frameRates(video)),
      ("frames", "\(video.frameCount)"),
      ("colour", colour(video.encoding)),
    ]
    for (number, audio) in info.audio.enumerated() {
      lines.append(
        (
          "audio \(number + 1)",
          "\(audio.codec), \(audio.sampleRate) Hz, \(audio.channels) channels"
            + (audio.channelLayout.isEmpty ? "" : " (\(audio.channelLayout))")
            + (audio.language.map { ", \($0)" } ?? "")
        ))
    }
    if info.audio.isEmpty { lines.append(("audio", "none")) }
    return lines
  }

  /// The report as a JSON object: every quantity a number (never a string, never NaN, which
  /// JSON cannot hold: an unknown one is null); the time base an exact fraction.
  static func json(_ info: VideoInfo, file: String) -> [String: Any] {
    let video = info.video
    var stream: [String: Any] = [
      "codec": video.codec, "codecDescription": video.codecDescription,
      "width": video.width, "height": video.height,
      "displayWidth": video.displayWidth, "displayHeight": video.displayHeight,
      "rotation": video.orientation.rotationDegrees, "mirrored": video.orientation.isMirrored,
      "frameCount": video.frameCount.value, "frameCountIsExact": video.frameCount.isExact,
      "timeBase": [
        "numerator": video.timeBase.numerator, "denominator": video.timeBase.denominator,
      ],
      "pixelFormat": video.pixelFormat,
      "bitDepth": video.bitDepth, "matrix": video.encoding.matrix.rawValue,
      "matrixIsTagged": video.encoding.taggedMatrix != nil,
      "range": video.encoding.range.rawValue,
      "rangeIsTagged": video.encoding.taggedRange != nil,
    ]
    stream["profile"] = video.profile
    stream["averageFrameRate"] = video.averageFrameRate.map { number($0.value) }
    stream["nominalFrameRate"] = video.nominalFrameRate.map { number($0.value) }
    stream["sampleAspectRatio"] = video.sampleAspectRatio.map { number($0.value) }
    stream["bitRate"] = video.bitRate
    return [
      "file": file, "container": info.container,
      "containerDescription": info.containerDescription,
      "duration": number(info.duration.seconds),
      "video": stream,
      "audio": info.audio.map { audio -> [String: Any] in
        var object: [String: Any] = [
          "codec": audio.codec, "sampleRate": audio.sampleRate, "channels": audio.channels,
          "channelLayout": audio.channelLayout,
        ]
        object["language"] = audio.language
        object["bitRate"] = audio.bitRate
        return object
      },
    ]
  }

  /// `value`, or null when it is not finite (a header dividing by zero).
  private static func number(_ value: Double) -> Any {
    value.isFinite ? value : NSNull()
  }

  private static func turn(_ video: VideoStreamInfo) -> String {
    let turn =
      switch video.orientation.rotationDegrees {
      case 90: "turned 90° clockwise"
      case 180: "turned 180°"
      case 270: "turned 90° counter-clockwise"
      default: ""
      }
    switch (turn.isEmpty, video.orientation.isMirrored) {
    case (true, false): return ""
    case (true, true): return " (mirrored)"
    case (false, false): return " (\(turn))"
    case (false, true): return " (\(turn), then mirrored)"
    }
  }

  private static func frameRates(_ video: VideoStreamInfo) -> String {
    let average = video.averageFrameRate.map { String(format: "%.3f fps average", $0.value) }
    let nominal = video.nominalFrameRate.map { "\($0) nominal" }
    return [average, nominal].compactMap { $0 }.joined(separator: ", ")
  }

  private static func colour(_ encoding: YCbCrEncoding) -> String {
    guard encoding.isYCbCr else { return "RGB" }
    let names: [YCbCrMatrix: String] = [
      .bt601: "BT.601", .bt709: "BT.709", .bt2020: "BT.2020", .smpte240m: "SMPTE 240M",
      .fcc: "FCC",
    ]
    let matrix =
      (names[encoding.matrix] ?? encoding.matrix.rawValue)
      + (encoding.taggedMatrix == nil ? " (untagged: assumed from the size)" : "")
    let range =
      "\(encoding.range) range" + (encoding.taggedRange == nil ? " (untagged: assumed)" : "")
    return "\(matrix), \(range)"
  }
}
