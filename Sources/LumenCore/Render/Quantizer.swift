/// Converts planar premultiplied floats to interleaved stored samples with straight alpha.
enum Quantizer {
  /// Adding 1.5 * 2^23 puts round-to-nearest(x) in a float's low mantissa bits: a rounding
  /// that vectorises, unlike `rounded()` and integer initialisers (see bench/NOTES.md).
  @usableFromInline static let magic: Float = 12_582_912

  /// Writes row `y` of `tile` (premultiplied, in the format's transfer) to `out`.
  static func store(_ span: PixelSpan, opaque: Bool, to out: UnsafeMutableRawPointer, format: PixelFormat) {
    if !opaque { Premultiplication.unpremultiply(span) }
    let n = span.count
    let channels = format.channels
    switch format.sample {
    case .uint8:
      let p = out.assumingMemoryBound(to: UInt8.self)
      for (c, plane) in span.planes.prefix(channels).enumerated() {
        for i in 0..<n { p[channels * i + c] = UInt8(truncatingIfNeeded: quantize(plane[i], 255)) }
      }
    case .uint16:
      let p = out.assumingMemoryBound(to: UInt16.self)
      for (c, plane) in span.planes.prefix(channels).enumerated() {
        for i in 0..<n { p[channels * i + c] = UInt16(truncatingIfNeeded: quantize(plane[i], 65535)) }
      }
    case .float32:
      let p = out.assumingMemoryBound(to: Float.self)
      for (c, plane) in span.planes.prefix(channels).enumerated() {
        for i in 0..<n { p[channels * i + c] = plane[i] }
      }
    }
  }

  @inline(__always)
  static func quantize(_ v: Float, _ scale: Float) -> UInt32 {
    let c = v > 0 ? (v < 1 ? v : 1) : 0  // also maps NaN to 0
    return (c * scale + magic).bitPattern & 0x3F_FFFF
  }
}
