/// How a time in a document is measured: in seconds from the start of the clip, or as a
/// fraction of the clip (0 its start, 1 its end), so that one document fits clips of any
/// length ("fade the look in over the first quarter").
public enum TimeBase: String, Hashable, Sendable, CaseIterable {
  case normalized
  case seconds
}

/// An instant of a clip, in seconds from its start or as a fraction of its length: what a
/// video pipeline asks a document for (`.seconds(frame.time)`), or a user scrubbing
/// (`.normalized(0.5)`).
public struct EditTime: Hashable, Sendable {
  public var value: Double
  public var base: TimeBase

  public init(_ value: Double, _ base: TimeBase) {
    self.value = value
    self.base = base
  }

  public static func seconds(_ seconds: Double) -> EditTime { EditTime(seconds, .seconds) }
  public static func normalized(_ fraction: Double) -> EditTime { EditTime(fraction, .normalized) }
}

/// An instant placed in a clip of known length, measurable in either base.
///
/// The instant is clamped to the clip, so a frame time a rounding error past the end still
/// evaluates as the end. A clip that is not a positive, finite length (a single frame, a
/// container that does not say) has no fractions to speak of: it counts as one instant, its
/// start, so evaluating never divides by zero.
struct ClipInstant {
  private let seconds: Double
  private let fraction: Double
  /// The clip's length in seconds (0 for a degenerate clip).
  private let duration: Double

  init(_ time: EditTime, clipDuration: Double) {
    guard clipDuration > 0, clipDuration.isFinite else {
      (seconds, fraction, duration) = (0, 0, 0)
      return
    }
    duration = clipDuration
    // Converting only across bases keeps a time exact in its own base (0.7 * 3 / 3 != 0.7).
    switch time.base {
    case .normalized:
      fraction = Self.clamp(time.value, to: 1)
      seconds = fraction * clipDuration
    case .seconds:
      seconds = Self.clamp(time.value, to: clipDuration)
      fraction = seconds / clipDuration
    }
  }

  /// Where the instant is, measured in `base`.
  func position(in base: TimeBase) -> Double {
    switch base {
    case .normalized: fraction
    case .seconds: seconds
    }
  }

  /// Seconds from the clip's start to `position`, measured in `base`.
  func seconds(at position: Double, in base: TimeBase) -> Double {
    switch base {
    case .normalized: position * duration
    case .seconds: position
    }
  }

  /// Where the clip ends, measured in `base`.
  func clipEnd(in base: TimeBase) -> Double {
    switch base {
    case .normalized: 1
    case .seconds: duration
    }
  }

  /// `value` within 0...upper (NaN counts as 0).
  private static func clamp(_ value: Double, to upper: Double) -> Double {
    value.isNaN ? 0 : min(max(value, 0), upper)
  }
}
