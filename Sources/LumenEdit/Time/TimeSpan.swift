/// When a layer shows in a clip: from `start` for `duration`, or to the end of the clip when
/// `duration` is nil, in seconds or fractions of the clip.
///
/// A span includes its start and excludes its end, so a layer that ends where the next begins
/// never shows on the same frame as it; a span that reaches the end of the clip includes the
/// end itself, so "the last second" still shows on the clip's final instant.
public struct TimeSpan: Hashable, Sendable {
  public var base: TimeBase
  /// Not negative (at most 1 in the normalised base).
  public var start: Double
  /// Positive, or nil for "until the end of the clip" (in the normalised base,
  /// `start + duration` at most 1).
  public var duration: Double?

  public init(base: TimeBase, start: Double = 0, duration: Double? = nil) {
    self.base = base
    self.start = start
    self.duration = duration
  }

  /// Whether the layer shows at `time` in a clip `clipDuration` seconds long.
  public func contains(_ time: EditTime, clipDuration: Double) -> Bool {
    contains(ClipInstant(time, clipDuration: clipDuration))
  }

  func contains(_ instant: ClipInstant) -> Bool {
    let position = instant.position(in: base)
    guard position >= start else { return false }
    guard let duration else { return true }
    let end = start + duration
    return position < end || end >= instant.clipEnd(in: base)
  }
}
