/// Vectorisable approximations of log2, exp2 and pow for pixel loops, where the C library's
/// `powf` costs 30-50 MP/s. Relative error of pow is below 2e-6 over the normal float range (16-bit output needs 8e-6).
public enum FastMath {
  /// Adding 1.5 * 2^23 puts round-to-nearest(x) in a float's low mantissa bits: a rounding
  /// that vectorises, unlike `rounded()` and integer initialisers (see bench/NOTES.md).
  @inlinable public static var roundingMagic: Float { 12_582_912 }

  /// `v` clamped to 0...255 (NaN to 0) and rounded to the nearest, ties to even, without a
  /// branch or a trap: loops that store bytes through it vectorise.
  @inlinable @inline(__always)
  public static func byte(_ v: Float) -> UInt8 {
    let clamped = v > 0 ? (v < 255 ? v : 255) : 0
    return UInt8(truncatingIfNeeded: (clamped + roundingMagic).bitPattern)
  }

  /// log2(x) for x > 0 (finite). Values <= 0 give a large negative number, not NaN.
  @inlinable @inline(__always)
  public static func log2(_ x: Float) -> Float {
    let bits = Swift.max(x, .leastNormalMagnitude).bitPattern
    // Split into exponent e and mantissa m in [sqrt(1/2), sqrt(2)) to keep the series short.
    var e = Float(Int32(bitPattern: (bits >> 23) & 0xFF) &- 127)
    var m = Float(bitPattern: (bits & 0x007F_FFFF) | 0x3F80_0000)
    if m > 1.414_213_6 {
      m *= 0.5
      e += 1
    }
    // log2(m) = 2/ln2 * atanh(t), t = (m-1)/(m+1), |t| < 0.1716: five odd terms.
    let t = (m - 1) / (m + 1)
    let t2 = t * t
    var p: Float = 0.320_598_5
    p = p * t2 + 0.412_198_57
    p = p * t2 + 0.577_078_0
    p = p * t2 + 0.961_796_7
    p = p * t2 + 2.885_390_1
    return e + t * p
  }

  /// 2^x, saturating to 0 below -126 and to +infinity above 128.
  @inlinable @inline(__always)
  public static func exp2(_ x: Float) -> Float {
    let c = x > -126 ? (x < 128 ? x : 128) : -126
    // Adding 1.5 * 2^23 rounds to an integer held in the low mantissa bits, without the
    // trapping float-to-integer conversion that would stop the loop from vectorising.
    let shifted = c + 12_582_912.0
    let i = shifted - 12_582_912.0
    let f = c - i  // in [-0.5, 0.5]
    // Taylor series of 2^f (ln2^k / k!); the first omitted term is below 2e-8 on [-0.5, 0.5].
    var p: Float = 1.525_273_4e-5
    p = p * f + 1.540_353_0e-4
    p = p * f + 1.333_355_8e-3
    p = p * f + 9.618_129_1e-3
    p = p * f + 5.550_410_9e-2
    p = p * f + 2.402_265_1e-1
    p = p * f + 6.931_471_8e-1
    p = p * f + 1.0
    let scale = Float(bitPattern: (shifted.bitPattern &- 0x4B40_0000 &+ 127) << 23)
    return x > 128 ? .infinity : p * scale
  }

  /// x^y for x >= 0; 0^y is 0 for y > 0.
  @inlinable @inline(__always)
  public static func pow(_ x: Float, _ y: Float) -> Float {
    x > 0 ? exp2(y * log2(x)) : 0
  }
}
