/// One parameter's value over a clip: keyframes in increasing time order and how the values
/// between them are filled in. Before the first keyframe the first value holds, after the last
/// the last, so a single keyframe is a constant.
public struct KeyframeTrack: Hashable, Sendable {
  /// How a value moves from one keyframe to the next.
  public enum Interpolation: String, Hashable, Sendable, CaseIterable {
    /// At constant speed.
    case linear
    /// Not at all until the next keyframe: a cut.
    case hold
    /// Smoothstep (3w^2 - 2w^3 of the way at fraction w): starts and arrives at rest, as
    /// editors' "ease in-out", so a fade has no visible kink.
    case easeInOut
  }

  /// What the keyframes' times are measured in.
  public var base: TimeBase
  /// Strictly increasing times, at least one keyframe (the decoder refuses anything else).
  public var keyframes: [Keyframe]
  public var interpolation: Interpolation

  public init(base: TimeBase, keyframes: [Keyframe], interpolation: Interpolation = .linear) {
    self.base = base
    self.keyframes = keyframes
    self.interpolation = interpolation
  }

  /// The value at `time` (measured in ``base``); nil only for a track without keyframes.
  ///
  /// A keyframe's own value is met exactly at its time, and a value between two keyframes
  /// never leaves the interval between their values (the blend is clamped to it, against the
  /// last-bit rounding of `a(1 - s) + bs`), so it stays inside the parameter's range.
  public func value(at time: Double) -> Double? {
    guard let first = keyframes.first else { return nil }
    guard let next = keyframes.firstIndex(where: { $0.time > time }) else {
      return keyframes.last?.value
    }
    guard next > 0 else { return first.value }
    let (a, b) = (keyframes[next - 1], keyframes[next])
    let w = (time - a.time) / (b.time - a.time)
    let s: Double
    switch interpolation {
    case .linear: s = w
    case .hold: s = 0
    case .easeInOut: s = w * w * (3 - 2 * w)
    }
    let blended = a.value * (1 - s) + b.value * s
    return min(max(blended, min(a.value, b.value)), max(a.value, b.value))
  }
}

/// A parameter's value at one time of a ``KeyframeTrack``.
public struct Keyframe: Hashable, Sendable {
  public var time: Double
  public var value: Double

  public init(time: Double, value: Double) {
    self.time = time
    self.value = value
  }
}
