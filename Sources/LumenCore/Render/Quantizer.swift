/// Converts planar premultiplied floats to interleaved stored samples with straight alpha.
enum Quantizer {
  /// Writes a span (premultiplied, in the format's transfer) as interleaved samples to `out`.
  static func store(
    _ span: PixelSpan, opaque: Bool, to out: UnsafeMutableRawPointer, format: PixelFormat
  ) {
    if !opaque { Premultiplication.unpremultiply(span) }
    switch format.sample {
    case .uint8:
      interleave(span, format.hasAlpha, out.assumingMemoryBound(to: UInt8.self)) {
        UInt8(truncatingIfNeeded: quantize($0, 255))
      }
    case .uint16:
      interleave(span, format.hasAlpha, out.assumingMemoryBound(to: UInt16.self)) {
        UInt16(truncatingIfNeeded: quantize($0, 65535))
      }
    case .float32:
      interleave(span, format.hasAlpha, out.assumingMemoryBound(to: Float.self)) { $0 }
    }
  }

  /// Interleaves the planes through `convert`; wrapping index arithmetic and a fixed channel
  /// count let LLVM vectorise the strided stores.
  @inline(__always)
  private static func interleave<T>(
    _ s: PixelSpan, _ alpha: Bool, _ p: UnsafeMutablePointer<T>, _ convert: (Float) -> T
  ) {
    if alpha {
      for i in 0..<s.count {
        let o = i &* 4
        p[o] = convert(s.red[i])
        p[o &+ 1] = convert(s.green[i])
        p[o &+ 2] = convert(s.blue[i])
        p[o &+ 3] = convert(s.alpha[i])
      }
    } else {
      for i in 0..<s.count {
        let o = i &* 3
        p[o] = convert(s.red[i])
        p[o &+ 1] = convert(s.green[i])
        p[o &+ 2] = convert(s.blue[i])
      }
    }
  }

  @inline(__always)
  static func quantize(_ v: Float, _ scale: Float) -> UInt32 {
    let c = v > 0 ? (v < 1 ? v : 1) : 0  // also maps NaN to 0
    return (c * scale + FastMath.roundingMagic).bitPattern & 0x3F_FFFF
  }
}
