import LumenCore
import LumenFilters

/// Clarity: local contrast in the mid-tones, c + amount * m(luma) * (c - blur(c)), where
/// m = 1 - (2 luma - 1)^2 fades the effect out towards black and white so shadows and
/// highlights do not clip. Negative amounts soften.
struct LocalContrast: ImageFilter {
  let amount: Double
  /// Blur of the surround, in pixels (a few percent of the image: local, not detail, contrast).
  let sigma: Double

  func apply(to image: Image) throws -> Image {
    let surround = image.gaussianBlurred(sigma: max(0.5, sigma))
    return surround.composited(over: image, using: Kernel(amount: Float(amount)))
  }

  /// Blend: foreground = the blurred surround, background = the image.
  struct Kernel: BlendKernel {
    let amount: Float
    var transfer: Transfer { .sRGB }

    func blend(_ f: PixelSpan, into b: PixelSpan) {
      for i in 0..<b.count {
        let a = b.alpha[i]
        let inverse: Float = a > 0 ? 1 / a : 0
        let luma = (0.2126 * b.red[i] + 0.7152 * b.green[i] + 0.0722 * b.blue[i]) * inverse
        let t = 2 * luma - 1
        let k = amount * max(0, 1 - t * t)
        b.red[i] += k * (b.red[i] - f.red[i])
        b.green[i] += k * (b.green[i] - f.green[i])
        b.blue[i] += k * (b.blue[i] - f.blue[i])
      }
    }
  }
}
