/// How to decode an image file.
public struct DecodeOptions: Sendable {
  /// Largest width x height accepted, checked against the header before pixel memory is
  /// allocated, so that a small hostile file cannot make the process allocate gigabytes.
  public var maxPixelCount: Int
  /// The reduction wanted for a preview. JPEG applies it while decoding (libjpeg's DCT scaling,
  /// far faster than decoding in full); other formats decode in full and report
  /// ``DecodedImage/appliedScale`` as `.full`, leaving the resampling to the caller.
  public var scale: DecodeScale
  /// Convert pixels from an embedded ICC profile to sRGB. When false, samples are returned as
  /// stored, in the file's own colour space.
  public var convertToSRGB: Bool
  /// Return as soon as the header is read and decode the rows on a background thread (JPEG;
  /// other formats decode at once). A render reads rows as they arrive, so decoding overlaps
  /// with filtering and encoding; a decoding error surfaces from the render (or from
  /// `bitmap.progress?.waitUntilComplete()`), which then writes nothing.
  public var streaming: Bool

  /// 256 megapixels: above any camera sensor, below what would exhaust a workstation's memory.
  public static let defaultMaxPixelCount = 268_435_456

  public init(
    maxPixelCount: Int = DecodeOptions.defaultMaxPixelCount, scale: DecodeScale = .full,
    convertToSRGB: Bool = true, streaming: Bool = false
  ) {
    self.streaming = streaming
    self.maxPixelCount = maxPixelCount
    self.scale = scale
    self.convertToSRGB = convertToSRGB
  }

  /// Refuses a `width` x `height` image that is empty or above the limit.
  func checkSize(width: Int, height: Int) throws(CodecError.Problem) {
    guard width > 0, height > 0 else {
      throw .corrupt("the header declares an empty \(width)x\(height) image")
    }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= maxPixelCount else {
      throw .tooLarge(width: width, height: height, limit: maxPixelCount)
    }
  }
}

/// A reduction factor for decoding previews: the result is `ceil(size / denominator)`.
public enum DecodeScale: Int, Sendable, CaseIterable {
  case full = 1
  case half = 2
  case quarter = 4
  case eighth = 8

  public var denominator: Int { rawValue }
}
