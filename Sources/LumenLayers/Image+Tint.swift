import LumenCore

/// How a sticker's colours are replaced by a tint colour (PhotoEditor SDK's sticker tint modes).
public enum TintMode: String, CaseIterable, Hashable, Sendable {
  case none, solid, colorized
}

extension Image {
  /// Sticker tints as PhotoEditor SDK defines them: none; solid (every pixel becomes the tint colour,
  /// alpha kept and multiplied by the tint's alpha); colorized (the pixel's Rec.709 luma of the
  /// sRGB-encoded colour times the tint colour, so white becomes the tint and shading is kept; alpha
  /// times the tint's alpha).
  public func tinted(_ mode: TintMode, color: LayerColor) -> Image {
    let tint = color.clamped
    switch mode {
    case .none: return self
    case .solid, .colorized:
      return applying(
        TintKernel(colorizes: mode == .colorized, tint: tint), preservesOpacity: tint.w >= 1)
    }
  }
}

/// The solid and colorized tints on straight sRGB-encoded colour (both are defined on the
/// encoded values, as the editors that define them work).
struct TintKernel: ColorKernel, Hashable {
  /// False: solid (the tint replaces the colour); true: the colour's luma times the tint.
  let colorizes: Bool
  let tint: SIMD4<Float>

  var transfer: Transfer { .sRGB }

  func apply(_ c: RGBA) -> RGBA {
    let scale = colorizes ? c.luma : 1
    return RGBA(
      red: tint.x * scale, green: tint.y * scale, blue: tint.z * scale, alpha: c.alpha * tint.w)
  }
}
