/// The sRGB transfer curve (IEC 61966-2-1), extended to negative values and values above 1 by
/// odd symmetry and the same power law, as Core Image's extended sRGB does.
public enum SRGB {
  @inlinable @inline(__always)
  public static func decode(_ v: Float) -> Float {
    let a = abs(v)
    let l = a <= 0.040_45 ? a * (1 / 12.92) : FastMath.pow((a + 0.055) * (1 / 1.055), 2.4)
    return v < 0 ? -l : l
  }

  @inlinable @inline(__always)
  public static func encode(_ l: Float) -> Float {
    let a = abs(l)
    let v = a <= 0.003_130_8 ? a * 12.92 : 1.055 * FastMath.pow(a, 1 / 2.4) - 0.055
    return l < 0 ? -v : v
  }
}
