/// An audio track rendered from any number of sources and encoded as AAC (Opus in WebM): the
/// sound of clips laid end to end, a music bed with its own trim and volume, or one source cut
/// exactly.
///
/// Sources are decoded, resampled and remixed to ``sampleRate`` and ``channels`` (libswresample's
/// standard up- and down-mix matrices), scaled by their volume, summed, and clipped to full
/// scale where loud sources overlap. Gaps between sources are silent.
public struct AudioMix: Sendable, Hashable {
  public enum Channels: Int, Sendable, Hashable {
    case mono = 1
    case stereo = 2
  }

  public var sources: [AudioTrackSource]
  /// The output rate in Hz; one that AAC defines (48000 and 44100 are the usual).
  public var sampleRate: Int
  public var channels: Channels
  /// The AAC bitrate in bits per second for all channels together.
  public var bitrate: Int
  /// The track's length in seconds: sources running longer are cut, and silence fills up to
  /// it. `nil` ends the track where the last source ends.
  public var duration: Double?

  public init(
    sources: [AudioTrackSource], sampleRate: Int = 48_000, channels: Channels = .stereo,
    bitrate: Int = 128_000, duration: Double? = nil
  ) {
    self.sources = sources
    self.sampleRate = sampleRate
    self.channels = channels
    self.bitrate = bitrate
    self.duration = duration
  }

  /// The sampling rates AAC defines.
  public static let sampleRates = [
    96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000,
  ]
  /// The accepted bitrates: 16 to 512 kbit/s.
  public static let bitrateRange = 16_000...512_000

  /// Throws ``VideoWriterError/invalidSettings(_:)`` naming the first value out of range (the
  /// writer checks this before creating any file).
  public func validate() throws(VideoWriterError) {
    guard Self.sampleRates.contains(sampleRate) else {
      throw .invalidSettings("AAC cannot be sampled at \(sampleRate) Hz")
    }
    guard Self.bitrateRange.contains(bitrate) else {
      throw .invalidSettings(
        "audio bitrate \(bitrate) bit/s is outside \(Self.bitrateRange.lowerBound)"
          + "...\(Self.bitrateRange.upperBound) bit/s")
    }
    if let duration {
      guard duration > 0, PresentationTime.accepts(duration) else {
        throw .invalidSettings(
          "the audio duration \(duration) s is not a time in 0...\(PresentationTime.longestSeconds) s"
        )
      }
    } else if sources.isEmpty {
      throw .invalidSettings("an audio mix needs a source or a duration")
    }
    for source in sources { try source.validate() }
  }
}
