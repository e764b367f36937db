import Foundation

/// Sound laid under a composition from its start: a music bed, a voice-over. It is cut where
/// the output ends and mixed with the clips' own sound.
public struct MusicTrack: Sendable, Hashable {
  public var url: URL
  /// A linear gain: 1 leaves the level alone, 0.5 is about -6 dB.
  public var volume: Double
  /// The part of the file that plays, in seconds of the file; `nil` plays it from its start.
  public var trim: Range<Double>?

  public init(url: URL, volume: Double = 1, trim: Range<Double>? = nil) {
    self.url = url
    self.volume = volume
    self.trim = trim
  }
}
