/// How a ``VideoWriter`` encodes pictures: codec, container, quality, speed and chroma. Every
/// combination is either written as asked or refused by ``validate()``, never quietly changed.
///
/// A plain value, so an export dialog can hold one and edit it field by field; ``validate()``
/// (which the writer calls before touching any file) says which field is out of range.
public struct VideoEncodeSettings: Sendable, Hashable {
  public enum Codec: String, Sendable, Hashable, CaseIterable, Codable {
    /// H.264 / AVC through libx264: plays everywhere.
    case h264
    /// H.265 / HEVC through libx265, tagged `hvc1` so that Apple's players accept it.
    case hevc
    /// VP9 through libvpx, for WebM (and Matroska): plays in every browser.
    case vp9

    /// The constant rate factors the encoder accepts.
    public var crfRange: ClosedRange<Int> { self == .vp9 ? 0...63 : VideoEncodeSettings.crfRange }
    /// Whether the encoder takes one of ``VideoEncodeSettings/presets`` (x264 and x265 do;
    /// libvpx has no such names, so a preset given for VP9 is refused).
    public var takesPresets: Bool { self != .vp9 }
  }

  /// The file format, which the output's extension names (``init(pathExtension:)``).
  public enum Container: String, Sendable, Hashable, CaseIterable {
    case mp4
    case mov
    /// Matroska (.mkv): any of the codecs; mixed sound as AAC.
    case mkv
    /// WebM: VP9 video only; mixed sound as Opus.
    case webm

    /// The container a file name's extension names (case ignored); nil for any other.
    public init?(pathExtension: String) {
      self.init(rawValue: pathExtension.lowercased())
    }

    /// The video codecs the container is written with.
    public var codecs: [Codec] {
      switch self {
      case .mp4, .mov: [.h264, .hevc]
      case .mkv: [.h264, .hevc, .vp9]
      case .webm: [.vp9]
      }
    }
  }

  /// What the encoder holds constant.
  public enum RateControl: Sendable, Hashable {
    /// Constant quality: x264/x265's constant rate factor, 0 (lossless-like) to 51 (worst).
    /// 18 looks transparent for most material, 23 is the encoders' default.
    case crf(Int)
    /// An average bitrate in bits per second, for a predictable file size.
    case bitrate(Int)
  }

  /// The stored chroma resolution. 4:2:0 plays everywhere; 4:2:2 and 4:4:4 keep sharper colour
  /// edges (graphics, keying) for players and editors that support the higher profiles.
  public enum ChromaFormat: String, Sendable, Hashable, CaseIterable {
    case yuv420p
    case yuv422p
    case yuv444p
  }

  /// The encoders' speed presets, fastest first; x264 and x265 share the names.
  public static let presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
    "veryslow", "placebo",
  ]

  public var codec: Codec
  public var container: Container
  public var rateControl: RateControl
  /// One of ``presets`` (slower presets give smaller files at the same quality); nil: the
  /// encoder's default (x264's and x265's "medium"). VP9 takes none.
  public var preset: String?
  public var chromaFormat: ChromaFormat
  /// The nominal rate: it spaces frames appended without a time and sets the stream's clock.
  /// Frames appended with their own times keep them (variable frame rate).
  public var frameRate: FrameRate
  /// Encoder threads; 0 lets the encoder choose (about 1.5 per core). A pipeline that decodes
  /// and filters on the same cores may want fewer.
  public var threads: Int

  public init(
    codec: Codec = .h264, container: Container = .mp4, rateControl: RateControl = .crf(23),
    preset: String? = nil, chromaFormat: ChromaFormat = .yuv420p, frameRate: FrameRate = 30,
    threads: Int = 0
  ) {
    self.codec = codec
    self.container = container
    self.rateControl = rateControl
    self.preset = preset
    self.chromaFormat = chromaFormat
    self.frameRate = frameRate
    self.threads = threads
  }

  /// The constant rate factors x264 and x265 accept (8-bit); VP9's: ``Codec/crfRange``.
  public static let crfRange = 0...51
  /// The accepted average bitrates: 10 kbit/s to 1 Gbit/s.
  public static let bitrateRange = 10_000...1_000_000_000
  /// The accepted nominal frame rates, in frames per second.
  public static let frameRateRange = 1.0...1000.0
  /// The accepted encoder thread counts.
  public static let threadRange = 0...64

  /// Throws ``VideoWriterError/invalidSettings(_:)`` naming the first field out of range.
  public func validate() throws(VideoWriterError) {
    guard container.codecs.contains(codec) else {
      throw .invalidSettings(
        "the codec \(codec.rawValue) cannot go in \(container.rawValue), which holds "
          + container.codecs.map(\.rawValue).joined(separator: " or "))
    }
    switch rateControl {
    case .crf(let crf) where !codec.crfRange.contains(crf):
      throw .invalidSettings("CRF \(crf) is outside \(codec.crfRange) for \(codec.rawValue)")
    case .bitrate(let bitrate) where !Self.bitrateRange.contains(bitrate):
      throw .invalidSettings(
        "bitrate \(bitrate) bit/s is outside \(Self.bitrateRange.lowerBound)"
          + "...\(Self.bitrateRange.upperBound) bit/s")
    default: break
    }
    if let preset {
      guard codec.takesPresets else {
        throw .invalidSettings("\(codec.rawValue) has no presets (\"\(preset.prefix(40))\" given)")
      }
      guard Self.presets.contains(preset) else {
        throw .invalidSettings(
          "unknown preset \"\(preset.prefix(40))\" (use one of \(Self.presets.joined(separator: ", ")))"
        )
      }
    }
    guard frameRate.numerator > 0, frameRate.denominator > 0,
      Self.frameRateRange.contains(frameRate.framesPerSecond)
    else {
      throw .invalidSettings(
        "frame rate \(frameRate) is outside \(Self.frameRateRange.lowerBound)"
          + "...\(Self.frameRateRange.upperBound) fps")
    }
    guard Self.threadRange.contains(threads) else {
      throw .invalidSettings("\(threads) encoder threads is outside \(Self.threadRange)")
    }
  }
}

extension VideoEncodeSettings {
  /// A frame rate as a fraction, so that NTSC's 30000/1001 is exact.
  public struct FrameRate: Sendable, Hashable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
  {
    public var numerator: Int32
    public var denominator: Int32

    public init(numerator: Int32, denominator: Int32 = 1) {
      self.numerator = numerator
      self.denominator = denominator
    }

    public init(integerLiteral value: Int32) { self.init(numerator: value) }

    /// 29.97 fps, the NTSC rate.
    public static let ntsc = FrameRate(numerator: 30_000, denominator: 1001)
    /// 23.976 fps, film transferred to NTSC.
    public static let ntscFilm = FrameRate(numerator: 24_000, denominator: 1001)

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// How long one frame lasts.
    public var frameDuration: PresentationTime {
      PresentationTime(value: Int64(denominator), timescale: numerator)
    }

    public var description: String {
      denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }
  }
}
