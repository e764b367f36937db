import LumenCore

/// A 1-D lookup table per channel (`.cube` files with `LUT_1D_SIZE`): each output channel
/// depends only on the same input channel, read linearly between `size` entries spread over
/// `domainMin...domainMax`.
///
/// Kept as its own type rather than turned into a ``ColorCube``: 1-D tables run to 4096 or
/// more entries, far past what a cube of that resolution could hold, and a cube of fewer
/// points would not be exact.
public struct ChannelLUT: Sendable, Hashable {
  public let size: Int
  /// `3 * size` values, entry `i`'s red, green and blue at `3 * i`.
  public let values: [Float]
  public let domainMin: SIMD3<Float>
  public let domainMax: SIMD3<Float>

  /// A table from its values, or nil when their count is not `3 * size`, `size` is outside
  /// 2...65536, a value is not finite, or the domain is empty.
  public init?(
    size: Int, values: [Float], domainMin: SIMD3<Float> = .zero, domainMax: SIMD3<Float> = .one
  ) {
    guard (2...65_536).contains(size), values.count == 3 * size, values.allSatisfy(\.isFinite),
      all(domainMax .> domainMin)
    else { return nil }
    self.size = size
    self.values = values
    self.domainMin = domainMin
    self.domainMax = domainMax
  }

  /// The table's colour for `c` (each channel clamped to the domain, as for cubes).
  public func lookup(_ c: SIMD3<Float>) -> SIMD3<Float> {
    let last = Float(size - 1)
    let x = (c - domainMin) * (last / (domainMax - domainMin))
    var out = SIMD3<Float>()
    for channel in 0..<3 {
      let clamped = x[channel] > 0 ? min(x[channel], last) : 0  // also maps NaN to 0
      let i = min(Int(clamped), size - 2)
      let f = clamped - Float(i)
      let lo = values[3 &* i &+ channel]
      out[channel] = lo + f * (values[3 &* i &+ 3 &+ channel] - lo)
    }
    return out
  }
}

/// Applies a ``ChannelLUT`` to sRGB-encoded colour, mixed with the original by `intensity`.
public struct ChannelLUTKernel: ColorKernel, Hashable {
  public let table: ChannelLUT
  public let intensity: Float

  public init(table: ChannelLUT, intensity: Float = 1) {
    self.table = table
    self.intensity = intensity
  }

  public var transfer: Transfer { .sRGB }

  public func apply(_ c: RGBA) -> RGBA {
    let original = SIMD3(c.red, c.green, c.blue)
    let v = original + intensity * (table.lookup(original) - original)
    return RGBA(red: v.x, green: v.y, blue: v.z, alpha: c.alpha)
  }
}

extension Image {
  /// The image through a per-channel table, mixed with the original by `intensity`.
  public func applying(_ table: ChannelLUT, intensity: Float = 1) -> Image {
    intensity == 0 ? self : applying(ChannelLUTKernel(table: table, intensity: intensity))
  }
}
