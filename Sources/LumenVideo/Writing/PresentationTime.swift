/// A moment on a movie's timeline as an exact fraction of a second, `value / timescale`.
///
/// Frame times are rational because the common rates are: a frame of 29.97 fps video lasts
/// 1001/30000 s, which no `Double` holds exactly, and rounding each frame's time separately
/// would drift. Times read from a file arrive this way (a stream's ticks and its time base),
/// so a frame keeps its exact time from the reader to the writer.
public struct PresentationTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The number of ticks.
  public var value: Int64
  /// Ticks per second; must be positive.
  public var timescale: Int32

  public init(value: Int64, timescale: Int32) {
    self.value = value
    self.timescale = timescale
  }

  /// The tick nearest to `seconds` on a clock of `timescale` ticks per second (by default
  /// 90 kHz, the clock of MPEG streams, fine enough for any frame rate). Like `Int64(_:)`,
  /// requires a finite number of seconds whose ticks fit in 64 bits.
  public init(seconds: Double, timescale: Int32 = 90_000) {
    self.init(value: Int64((seconds * Double(timescale)).rounded()), timescale: timescale)
  }

  public static let zero = PresentationTime(value: 0, timescale: 1)

  /// The longest time, in seconds, taken from outside (trims, moments, durations): about 31
  /// years, beyond any movie, yet small enough that its ticks on any clock (up to 2^31 per
  /// second) and its samples at any audio rate fit in 64 bits. Longer times are refused, not
  /// converted (a conversion would trap).
  public static let longestSeconds = 1e9

  /// Whether `seconds` is a time from 0 to ``longestSeconds``.
  public static func accepts(_ seconds: Double) -> Bool {
    seconds >= 0 && seconds <= longestSeconds
  }

  public var seconds: Double { Double(value) / Double(timescale) }

  public static func < (lhs: PresentationTime, rhs: PresentationTime) -> Bool {
    // Cross-multiplied in 128 bits: exact for every pair of times.
    let left = lhs.value.multipliedFullWidth(by: Int64(rhs.timescale))
    let right = rhs.value.multipliedFullWidth(by: Int64(lhs.timescale))
    return (left.high, left.low) < (right.high, right.low)
  }

  public static func == (lhs: PresentationTime, rhs: PresentationTime) -> Bool {
    !(lhs < rhs) && !(rhs < lhs)
  }

  public func hash(into hasher: inout Hasher) {
    // Equal times hash alike whatever their timescale: hash the reduced fraction.
    let divisor = Self.gcd(value.magnitude, UInt64(timescale.magnitude))
    hasher.combine(value / Int64(max(divisor, 1)))
    hasher.combine(Int64(timescale) / Int64(max(divisor, 1)))
  }

  public var description: String { "\(value)/\(timescale) s" }

  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}
