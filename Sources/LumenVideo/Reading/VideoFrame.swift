import LumenCore

/// One decoded frame of a movie: its pixels as RGB, where it sits on the movie's timeline, and
/// how it turns upright. A value that any thread may hold: decoding, editing and encoding can
/// each run on their own.
public struct VideoFrame: Sendable {
  /// The pixels as stored in the stream (before rotation), sRGB-encoded RGB converted from the
  /// stream's YCbCr with its matrix and range: 8 bits per sample for 8-bit video, 16 for
  /// deeper video.
  public let bitmap: Bitmap
  /// How the stored pixels turn upright (the stream's display matrix).
  public let orientation: Orientation
  /// When the frame is shown, counted from the start of the video stream.
  public let time: PresentationTime
  /// How long the frame is shown: until the next frame's time (frame rates may vary), or for
  /// the last frame what the file says. On the same clock as ``time``.
  public let duration: PresentationTime
  /// The presentation timestamp exactly as stored in the file, in ticks of the stream's time
  /// base (what `ffprobe -show_frames` reports as `pts`).
  public let timestamp: Int64
  /// True when the frame decodes without reference to others.
  public let isKeyframe: Bool

  /// The frame upright, at the origin: what a player shows.
  public var image: Image { Image(bitmap: bitmap).oriented(orientation) }

  /// When the next frame replaces this one.
  public var endTime: PresentationTime {
    PresentationTime(value: time.value + duration.value, timescale: time.timescale)
  }
}
