import LumenCore

/// An 8-bit RGBA picture symbols are painted on: each shape's coverage composited over what
/// is there, in one colour.
public struct SymbolCanvas: Sendable {
  public let width: Int
  public let height: Int
  /// Straight (not premultiplied) RGBA, row after row.
  public private(set) var pixels: [UInt8]
  /// One coverage buffer for every fill, cleared where each fill touched it.
  private var coverage: Coverage
  /// The pixels fills may still read (``SymbolLimits/renderLayers`` times the picture's): a
  /// forged file's thousands of shapes, each across a huge picture, are refused rather than
  /// drawn for hours.
  private var work: Int

  /// A canvas of `width` x `height` filled with `background` (RGBA; transparent by default).
  public init(width: Int, height: Int, background: SIMD4<UInt8> = [0, 0, 0, 0])
    throws(SymbolError)
  {
    guard width > 0, height > 0, width <= SymbolLimits.renderSide,
      height <= SymbolLimits.renderSide, width * height <= SymbolLimits.renderPixels
    else {
      throw .masters(
        "a picture of \(width) x \(height) pixels: at most \(SymbolLimits.renderSide) a side and "
          + "\(SymbolLimits.renderPixels >> 20) M pixels")
    }
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: 4 * width * height)
    coverage = Coverage(width: width, height: height)
    work = SymbolLimits.renderLayers * width * height
    for index in 0..<(width * height) {
      for channel in 0..<4 { pixels[4 * index + channel] = background[channel] }
    }
  }

  /// Paints `contours` filled by `rule` in `color` (RGBA), mapped into pixels by `transform`.
  public mutating func fill(
    _ contours: [Contour], rule: FillRule = .nonzero, color: SIMD4<UInt8>,
    transform: PathTransform = .identity
  ) throws(SymbolError) {
    var coverage = Coverage(width: 0, height: 0)
    swap(&coverage, &self.coverage)
    defer {
      coverage.clear()
      swap(&coverage, &self.coverage)
    }
    coverage.add(contours, transform: transform)
    work -= coverage.area
    guard work >= 0 else {
      throw .masters(
        "more to draw than \(SymbolLimits.renderLayers) layers of shapes across the picture")
    }
    paint(coverage, rule: rule, color: color)
  }

  /// Composites `color` at each pixel's coverage over it ("source over").
  private mutating func paint(_ coverage: Coverage, rule: FillRule, color: SIMD4<UInt8>) {
    let source = SIMD4<Float>(color) / 255
    for y in coverage.rows {
      coverage.row(y, rule: rule) { x, covered in
        let offset = 4 * (y * width + x)
        let alpha = source[3] * covered
        let below = Float(pixels[offset + 3]) / 255
        let outAlpha = alpha + below * (1 - alpha)
        guard outAlpha > 0 else { return }
        for channel in 0..<3 {
          let mixed =
            (source[channel] * alpha + Float(pixels[offset + channel]) / 255 * below * (1 - alpha))
            / outAlpha
          pixels[offset + channel] = UInt8((mixed * 255).rounded())
        }
        pixels[offset + 3] = UInt8((outAlpha * 255).rounded())
      }
    }
  }

  /// The canvas as a bitmap to encode.
  public var bitmap: Bitmap {
    Bitmap(width: width, height: height, format: .rgba8) { bytes in
      pixels.withUnsafeBytes { bytes.copyMemory(from: $0) }
    }
  }
}
