import LumenCore

/// What a movie file says about itself: the container, its video stream (the one Lumen
/// decodes) and its audio streams. Read from the headers (and the first packets where the
/// headers are silent), without decoding the movie.
public struct VideoInfo: Sendable, Hashable {
  /// The file as the caller named it.
  public var file: String
  /// FFmpeg's name for the container format, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or
  /// `matroska,webm`.
  public var container: String
  /// A readable name for the container format, e.g. "QuickTime / MOV".
  public var containerDescription: String
  /// How long the video lasts: the video stream's duration, or the container's when the
  /// stream does not say (Matroska, WebM).
  public var duration: PresentationTime
  /// The video stream.
  public var video: VideoStreamInfo
  /// The audio streams, in file order.
  public var audio: [AudioStreamInfo]
  /// The container's tags, e.g. `creation_time`, `location` (MP4's `©xyz`),
  /// `com.apple.quicktime.location.ISO6709`.
  public var tags: [String: String] = [:]
}

/// The video stream of a movie.
public struct VideoStreamInfo: Sendable, Hashable {
  /// The stream's index in the file.
  public var index: Int
  /// FFmpeg's short codec name, e.g. `h264`, `hevc`, `vp9`, `av1`, `prores`.
  public var codec: String
  /// A readable codec name, e.g. "H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10".
  public var codecDescription: String
  /// The codec profile, e.g. "High" or "Main 10", when the stream declares one.
  public var profile: String?
  /// The size of the stored pictures (what the decoder produces, before rotation).
  public var width: Int
  public var height: Int
  /// How stored pictures turn upright (from the display matrix).
  public var orientation: Orientation
  /// Non-square pixels' width to height, when the stream declares it (frames are delivered
  /// with their stored pixels; a player would stretch them by this ratio).
  public var sampleAspectRatio: Fraction?
  /// Frames per second on average over the stream (FFmpeg's `avg_frame_rate`).
  public var averageFrameRate: Fraction?
  /// The stream's base rate (FFmpeg's `r_frame_rate`): the lowest rate at which every frame
  /// time falls on a tick. Differs from the average when the frame rate varies.
  public var nominalFrameRate: Fraction?
  /// How many frames the stream holds.
  public var frameCount: FrameCount
  /// The duration of one timestamp tick.
  public var timeBase: Fraction
  /// The timestamp of the stream's first frame, in ticks; frame times count from here.
  public var startTimestamp: Int64
  /// FFmpeg's name for the decoded pixel layout, e.g. `yuv420p` or `yuv420p10le`.
  public var pixelFormat: String
  /// Bits per sample of the decoded pixels (8, 10, 12...).
  public var bitDepth: Int
  /// How the samples become RGB.
  public var encoding: YCbCrEncoding
  /// Bits per second, when known.
  public var bitRate: Int?

  /// The upright picture's size (after rotation).
  public var displayWidth: Int { orientation.swapsDimensions ? height : width }
  public var displayHeight: Int { orientation.swapsDimensions ? width : height }
}

/// An audio stream of a movie.
public struct AudioStreamInfo: Sendable, Hashable {
  public var index: Int
  /// FFmpeg's short codec name, e.g. `aac`, `opus`, `mp3`.
  public var codec: String
  public var codecDescription: String
  public var sampleRate: Int
  public var channels: Int
  /// FFmpeg's description of the channel layout, e.g. `stereo` or `5.1`.
  public var channelLayout: String
  /// The stream's language (an ISO 639-2 code such as `eng`), when tagged and not
  /// "undetermined".
  public var language: String?
  public var bitRate: Int?
}

/// A frame count that is exact when the container indexes every frame (MP4, MOV) and an
/// estimate from duration and average frame rate otherwise (Matroska, WebM); call
/// ``VideoAsset/countFrames()`` for an exact count at the cost of reading the file.
public enum FrameCount: Sendable, Hashable, CustomStringConvertible {
  case exact(Int)
  case estimated(Int)

  public var value: Int {
    switch self {
    case .exact(let count), .estimated(let count): count
    }
  }

  public var isExact: Bool {
    if case .exact = self { return true }
    return false
  }

  public var description: String {
    switch self {
    case .exact(let count): "\(count)"
    case .estimated(let count): "~\(count) (estimated)"
    }
  }
}

/// A ratio of whole numbers, as FFmpeg keeps frame rates, time bases and aspect ratios.
public struct Fraction: Sendable, Hashable, CustomStringConvertible {
  public var numerator: Int
  public var denominator: Int

  public init(_ numerator: Int, _ denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  public var value: Double { Double(numerator) / Double(denominator) }
  public var description: String { "\(numerator)/\(denominator)" }
}
