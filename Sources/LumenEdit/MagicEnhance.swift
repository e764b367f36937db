import LumenCore

/// Magic (auto-enhance): levels per channel from the image's own histogram, which stretches
/// contrast and neutralises a colour cast in one step, like a photo editor's auto button.
///
/// The image is rendered at 256 px on its long side; in each channel the darkest and brightest
/// 0.5% of pixels are set aside and the remaining range is stretched to 0...1 (by at most 3x,
/// so that a flat or dark scene is not blown up). Deterministic: the same image gives the
/// same correction.
enum MagicEnhance {
  static let sampleSide = 256
  static let clipFraction = 0.005
  static let maxStretch: Float = 3

  static func apply(to image: Image) throws -> Image {
    let e = image.extent
    let scale = min(1, Double(sampleSide) / Double(max(e.width, e.height)))
    let sample = try Renderer().bitmap(of: image, scale: scale, format: .rgb8)
    var histograms = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
    sample.withUnsafeBytes { bytes in
      for i in 0..<(sample.width * sample.height) {
        for c in 0..<3 { histograms[c][Int(bytes[3 * i + c])] += 1 }
      }
    }
    let total = sample.width * sample.height
    let clip = Int(Double(total) * clipFraction)
    var scales = SIMD4<Float>(1, 1, 1, 1)
    var biases = SIMD4<Float>(0, 0, 0, 0)
    for c in 0..<3 {
      let low = level(histograms[c], skipping: clip, fromTop: false)
      let high = level(histograms[c], skipping: clip, fromTop: true)
      guard high > low else { continue }
      let stretch = min(maxStretch, 255 / Float(high - low))
      scales[c] = stretch
      biases[c] = -Float(low) / 255 * stretch
    }
    return image.applying(
      ColorMatrix(
        red: [scales[0], 0, 0, 0], green: [0, scales[1], 0, 0], blue: [0, 0, scales[2], 0],
        bias: biases, transfer: .sRGB))
  }

  /// The level below which (or above which, from the top) `count` pixels lie.
  private static func level(_ histogram: [Int], skipping count: Int, fromTop: Bool) -> Int {
    var seen = 0
    for i in 0..<256 {
      let level = fromTop ? 255 - i : i
      seen += histogram[level]
      if seen > count { return level }
    }
    return fromTop ? 255 : 0
  }
}
