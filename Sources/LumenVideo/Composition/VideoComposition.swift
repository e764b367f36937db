import Foundation

/// What an export puts on the output's timeline: clips laid end to end, each trimmed, fitted
/// to one picture size and frame rate, with their sound and an optional music track.
///
/// ```swift
/// var composition = VideoComposition(clips: [
///   VideoClip(url: intro, trim: 1.5..<8),
///   VideoClip(url: outro),
/// ])
/// composition.size = .longSide(1280)
/// composition.music = MusicTrack(url: song, volume: 0.5)
/// composition.maximumDuration = 15
/// ```
///
/// A plain value: an export dialog holds one and edits it; ``VideoExport`` checks it against
/// the files (durations, streams) before any frame is decoded.
public struct VideoComposition: Sendable, Hashable {
  /// The clips in the order they play.
  public var clips: [VideoClip]
  /// The output's picture size.
  public var size: OutputSize
  /// How a clip of another aspect ratio fills the picture.
  public var fitting: FitMode
  /// The output's frame rate; `nil` takes the first clip's. Clips at other rates are sampled
  /// by time: each output frame shows the source frame on screen at that moment, so slower
  /// clips repeat frames and faster ones drop them.
  public var frameRate: VideoEncodeSettings.FrameRate?
  /// Whether the clips' own sound is kept (silence where a clip has none).
  public var keepsClipAudio: Bool
  /// Sound laid under the whole output, mixed with the clips' sound.
  public var music: MusicTrack?
  /// The shortest output accepted, in seconds: content shorter than this is refused before
  /// any work, since an export never invents pictures (a minimum at or below the content's
  /// length changes nothing). Editors enforce it while the user trims.
  public var minimumDuration: Double?
  /// The longest output, in seconds: content running longer is cut there (a force trim of
  /// the end), sound included.
  public var maximumDuration: Double?

  public init(
    clips: [VideoClip], size: OutputSize = .natural, fitting: FitMode = .fit,
    frameRate: VideoEncodeSettings.FrameRate? = nil, keepsClipAudio: Bool = true,
    music: MusicTrack? = nil, minimumDuration: Double? = nil, maximumDuration: Double? = nil
  ) {
    self.clips = clips
    self.size = size
    self.fitting = fitting
    self.frameRate = frameRate
    self.keepsClipAudio = keepsClipAudio
    self.music = music
    self.minimumDuration = minimumDuration
    self.maximumDuration = maximumDuration
  }

  /// One clip, whole, at its own size and rate: the usual "filter this movie".
  public init(_ url: URL) {
    self.init(clips: [VideoClip(url: url)])
  }

  /// The output picture's size.
  public enum OutputSize: Sendable, Hashable {
    /// The first clip's upright size after the edit document's crop.
    case natural
    /// The natural size scaled so that its long side is this many pixels (never enlarged).
    case longSide(Int)
    /// Exactly this size.
    case exact(width: Int, height: Int)
  }

  /// How a clip whose aspect ratio differs from the output's fills it.
  public enum FitMode: String, Sendable, Hashable, CaseIterable {
    /// The whole clip shows, centred, with black bars (letterbox or pillarbox).
    case fit
    /// The clip covers the whole picture, centred; what overflows is cut off.
    case fill
  }
}
