/// A random number generator whose sequence depends only on its seed (SplitMix64), so a text
/// design lays out the same on every machine and in every version.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: Int) { state = UInt64(bitPattern: Int64(seed)) }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A whole number in `range`, from the bits alone (the standard library's
  /// `Int.random(in:using:)` may change its method between versions).
  mutating func number(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// A fraction in 0..<1.
  mutating func fraction() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
