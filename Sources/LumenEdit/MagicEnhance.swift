import LumenCore

/// Magic (auto-enhance): levels per channel from the picture's own histogram, which stretch
/// contrast and neutralise a colour cast in one step, like a photo editor's auto button.
///
/// Magic is an analysis, run once per source: a photo's session keeps it while the crop
/// stays, a video export keeps one per clip, so every frame of a clip gets the same levels
/// (no flicker) and no frame is sampled again.
///
/// The picture is rendered at 256 px on its long side; in each channel the darkest and
/// brightest 0.5% of pixels are set aside and the remaining range is stretched to 0...1 (by
/// at most 3x, so that a flat or dark scene is not blown up). Deterministic: the same picture
/// gives the same levels.
public struct MagicAnalysis: Sendable, Hashable {
  /// Per channel (red, green, blue): out = in * scale + bias, on sRGB-encoded values.
  public let scale: SIMD3<Float>
  public let bias: SIMD3<Float>

  static let sampleSide = 256
  static let clipFraction = 0.005
  static let maxStretch: Float = 3

  /// The levels that stretch `image`'s histogram, sampled in `context`.
  public init(analysing image: Image, context: RenderContext) throws {
    let e = image.extent
    let scale = min(1, Double(Self.sampleSide) / Double(max(e.width, e.height)))
    let sample = try context.bitmap(of: image, scale: scale, format: .rgb8)
    context.countAnalysis()
    var histograms = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
    sample.withUnsafeBytes { bytes in
      for i in 0..<(sample.width * sample.height) {
        for c in 0..<3 { histograms[c][Int(bytes[3 * i + c])] += 1 }
      }
    }
    let total = sample.width * sample.height
    let clip = Int(Double(total) * Self.clipFraction)
    var scales = SIMD3<Float>(1, 1, 1)
    var biases = SIMD3<Float>(0, 0, 0)
    for c in 0..<3 {
      let low = Self.level(histograms[c], skipping: clip, fromTop: false)
      let high = Self.level(histograms[c], skipping: clip, fromTop: true)
      guard high > low else { continue }
      let stretch = min(Self.maxStretch, 255 / Float(high - low))
      scales[c] = stretch
      biases[c] = -Float(low) / 255 * stretch
    }
    self.scale = scales
    self.bias = biases
  }

  /// `image` with the levels applied (a lazy colour matrix).
  public func apply(to image: Image) -> Image {
    image.applying(
      ColorMatrix(
        red: [scale[0], 0, 0, 0], green: [0, scale[1], 0, 0], blue: [0, 0, scale[2], 0],
        bias: SIMD4(bias, 0), transfer: .sRGB))
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

extension EditDocument {
  /// Magic's analysis of `original` as this document's orientation and crop keep it; nil
  /// when the document has no magic. Give it to ``apply(to:resources:magic:context:)`` for
  /// every render of the same source.
  public func magicAnalysis(of original: Image, context: RenderContext) throws -> MagicAnalysis? {
    guard magic else { return nil }
    var shape = geometry
    shape.magic = false
    return try MagicAnalysis(analysing: shape.applyGeometry(to: original), context: context)
  }
}
