import LumenCore
import LumenFilters

/// The sliders mapped onto Lumen's filters, following the published ideas of the editors users
/// know (REFERENCE.md): brightness adds, contrast scales about mid-grey, saturation mixes with
/// Rec. 709 luma, exposure multiplies by 2^e in linear light, gamma raises to 1/g, blacks and
/// whites remap 0...1 to blacks/2 ... 1 + whites/2. Sliders at their identity add nothing.
extension Adjustments {
  func apply(to image: Image) throws -> Image {
    var filters: [any ImageFilter] = []
    if exposure != 0 { filters.append(Exposure(ev: exposure)) }
    if gamma != 1 { filters.append(Gamma(power: 1 / gamma)) }
    if brightness != 0 { filters.append(Brightness(amount: brightness)) }
    if contrast != 0 { filters.append(Contrast(amount: 1 + contrast)) }
    if blacks != 0 || whites != 0 { filters.append(LevelsMatrix(blacks: blacks, whites: whites)) }
    if highlights != 0 || shadows != 0 {
      filters.append(HighlightsAndShadows(highlights: highlights, shadows: shadows / 2))
    }
    if saturation != 0 { filters.append(Saturation(amount: 1 + saturation)) }
    if vibrance != 0 { filters.append(Vibrance(amount: vibrance)) }
    if temperature != 0 { filters.append(Temperature(amount: temperature)) }
    if tint != 0 { filters.append(Tint(amount: tint)) }
    var out = try image.filtered(by: filters)
    let shortSide = Double(min(image.extent.width, image.extent.height))
    if clarity != 0 {
      out = try LocalContrast(amount: clarity, sigma: 0.02 * shortSide).apply(to: out)
    }
    if sharpness > 0 {
      out = try Sharpen(radius: max(0.5, shortSide / 1500), amount: 1.5 * sharpness).apply(to: out)
    } else if sharpness < 0 {
      out = try GaussianBlur(sigma: -sharpness * max(0.5, shortSide / 1000)).apply(to: out)
    }
    return out
  }
}

/// Blacks and whites: sRGB-encoded 0...1 mapped to blacks/2 ... 1 + whites/2.
struct LevelsMatrix: ImageFilter {
  let blacks: Double
  let whites: Double

  func apply(to image: Image) -> Image {
    let low = Float(blacks / 2)
    let high = Float(1 + whites / 2)
    let scale = high - low
    return image.applying(
      ColorMatrix(
        red: [scale, 0, 0, 0], green: [0, scale, 0, 0], blue: [0, 0, scale, 0],
        bias: [low, low, low, 0], transfer: .sRGB))
  }
}
