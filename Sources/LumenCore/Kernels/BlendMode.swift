/// The blend modes of the W3C Compositing and Blending spec (as in Photoshop, Core Image and
/// CSS), applied to sRGB-encoded colour like those products do.
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
  case normal, multiply, screen, overlay, softLight, hardLight, darken, lighten, colorDodge
  case colorBurn, difference, exclusion, hue, saturation, color, luminosity

  /// B(backdrop, source) for one pixel of straight colour.
  @inlinable
  public func blend(_ b: SIMD3<Float>, _ s: SIMD3<Float>) -> SIMD3<Float> {
    switch self {
    case .normal: return s
    case .multiply: return b * s
    case .screen: return b + s - b * s
    case .overlay: return Self.hardLight(s, b)
    case .hardLight: return Self.hardLight(b, s)
    case .softLight:
      return SIMD3(Self.softLight(b.x, s.x), Self.softLight(b.y, s.y), Self.softLight(b.z, s.z))
    case .darken: return pointwiseMin(b, s)
    case .lighten: return pointwiseMax(b, s)
    case .colorDodge:
      return SIMD3(Self.dodge(b.x, s.x), Self.dodge(b.y, s.y), Self.dodge(b.z, s.z))
    case .colorBurn:
      return SIMD3(Self.burn(b.x, s.x), Self.burn(b.y, s.y), Self.burn(b.z, s.z))
    case .difference: return pointwiseMax(b - s, s - b)
    case .exclusion: return b + s - 2 * b * s
    case .hue:
      return Self.setLuminosity(Self.setSaturation(s, Self.saturation(b)), Self.luminosity(b))
    case .saturation:
      return Self.setLuminosity(Self.setSaturation(b, Self.saturation(s)), Self.luminosity(b))
    case .color: return Self.setLuminosity(s, Self.luminosity(b))
    case .luminosity: return Self.setLuminosity(b, Self.luminosity(s))
    }
  }

  @usableFromInline
  static func hardLight(_ b: SIMD3<Float>, _ s: SIMD3<Float>) -> SIMD3<Float> {
    let multiplied = b * 2 * s
    let screened = b + (2 * s - 1) - b * (2 * s - 1)
    return multiplied.replacing(with: screened, where: s .> 0.5)
  }

  @usableFromInline
  static func softLight(_ b: Float, _ s: Float) -> Float {
    if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
    let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
    return b + (2 * s - 1) * (d - b)
  }

  @usableFromInline
  static func dodge(_ b: Float, _ s: Float) -> Float {
    b <= 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s))
  }

  @usableFromInline
  static func burn(_ b: Float, _ s: Float) -> Float {
    b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s)
  }

  @usableFromInline
  static func luminosity(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

  @usableFromInline
  static func saturation(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

  @usableFromInline
  static func setLuminosity(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
    let moved = c + (l - luminosity(c))
    let lum = luminosity(moved)
    let lo = moved.min()
    let hi = moved.max()
    var out = moved
    // A grey outside 0...1 (lo == lum == hi) has nothing to clip towards: 0 / 0 would be NaN.
    if lo < 0, lo < lum { out = lum + (out - lum) * lum / (lum - lo) }
    if hi > 1, hi > lum { out = lum + (out - lum) * (1 - lum) / (hi - lum) }
    return out
  }

  @usableFromInline
  static func setSaturation(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let lo = c.min()
    let hi = c.max()
    guard hi > lo else { return .zero }
    return (c - lo) * s / (hi - lo)
  }
}

/// Composites a source over a backdrop with a ``BlendMode`` and an opacity (W3C: the blended
/// colour replaces the source where the backdrop is opaque, then source-over).
public struct BlendModeKernel: BlendKernel {
  public let mode: BlendMode
  public let opacity: Float

  public init(mode: BlendMode, opacity: Float = 1) {
    self.mode = mode
    self.opacity = opacity
  }

  public var transfer: Transfer { .sRGB }
  public var clearForegroundKeepsBackground: Bool { true }
  /// At full opacity, the normal mode's sums below are those of a pixel laid over another.
  public var laysSourceOver: Bool { mode == .normal && opacity == 1 }

  public func blend(_ f: PixelSpan, into b: PixelSpan) {
    if mode == .normal {
      // The mixed colour is the source's own: source-over of the source scaled by opacity.
      // Channel by channel and without a branch, so that the loops vectorise; a clear source
      // pixel keeps the backdrop's exactly.
      let opacity = opacity
      for plane in 0..<3 {
        let s = f.plane(plane)
        let d = b.plane(plane)
        for i in 0..<b.count {
          let a = f.alpha[i]
          let mixed = s[i] * opacity + d[i] * (1 - a * opacity)
          d[i] = a > 0 ? mixed : d[i]
        }
      }
      for i in 0..<b.count {
        let a = f.alpha[i]
        let mixed = a * opacity + b.alpha[i] * (1 - a * opacity)
        b.alpha[i] = a > 0 ? mixed : b.alpha[i]
      }
      return
    }
    for i in 0..<b.count {
      let sa = f.alpha[i] * opacity
      let ba = b.alpha[i]
      guard sa > 0 else { continue }
      let fa = f.alpha[i]
      let s = SIMD3(f.red[i], f.green[i], f.blue[i]) / fa
      let backdrop = ba > 0 ? SIMD3(b.red[i], b.green[i], b.blue[i]) / ba : .zero
      let mixed = (1 - ba) * s + ba * mode.blend(backdrop, s)
      let out = sa * mixed + (1 - sa) * ba * backdrop
      b.red[i] = out.x
      b.green[i] = out.y
      b.blue[i] = out.z
      b.alpha[i] = sa + ba * (1 - sa)
    }
  }
}
