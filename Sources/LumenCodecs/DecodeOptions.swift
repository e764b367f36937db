import LumenCore

/// How to decode an image file.
public struct DecodeOptions: Sendable {
  /// Largest width x height accepted, checked against the header before pixel memory is
  /// allocated, so that a small hostile file cannot make the process allocate gigabytes. nil:
  /// ``defaultMaxPixelCount`` for pictures decoded whole (PNG, WebP, HEIC, JPEG unless
  /// streamed), ``defaultMaxStreamedPixelCount`` for a streamed JPEG, a sanity limit only: a
  /// render that reads it top to bottom holds a window of rows, and one that must hold it
  /// whole checks it against its context's budget.
  public var maxPixelCount: Int?
  /// The bytes a decode may hold at once beyond the pixels it returns: libjpeg's coefficient
  /// buffers of a progressive JPEG, and the whole picture when it is decoded whole. A file
  /// needing more is refused from its header, before anything is allocated.
  public var memoryBudget: Int
  /// The reduction wanted for a preview. JPEG applies it while decoding (libjpeg's DCT scaling,
  /// far faster than decoding in full); other formats decode in full and report
  /// ``DecodedImage/appliedScale`` as `.full`, leaving the resampling to the caller.
  public var scale: DecodeScale
  /// Convert pixels from an embedded ICC profile to sRGB. When false, samples are returned as
  /// stored, in the file's own colour space.
  public var convertToSRGB: Bool
  /// Return once the header is read and decode JPEG rows only when they are needed (other
  /// formats decode at once): a render that reads the picture top to bottom decodes it into a
  /// window of rows on a thread of its own, overlapping with filtering and encoding, so memory
  /// stays flat in the picture's size. A decoding error surfaces from the render (or from
  /// `bitmap.waitUntilDecoded()`), which then writes nothing.
  public var streaming: Bool

  /// 256 megapixels: above any camera sensor, below what would exhaust a workstation's memory.
  public static let defaultMaxPixelCount = 268_435_456
  /// 2^31 pixels: a gigapixel panorama and then some.
  public static let defaultMaxStreamedPixelCount = 1 << 31

  public init(
    maxPixelCount: Int? = nil, scale: DecodeScale = .full, convertToSRGB: Bool = true,
    streaming: Bool = false, memoryBudget: Int = RenderContext.defaultMemoryBudget
  ) {
    self.streaming = streaming
    self.maxPixelCount = maxPixelCount
    self.memoryBudget = memoryBudget
    self.scale = scale
    self.convertToSRGB = convertToSRGB
  }

  /// Refuses a `width` x `height` image that is empty or above the limit (the streamed one
  /// when `streamed`).
  func checkSize(width: Int, height: Int, streamed: Bool = false) throws(CodecError.Problem) {
    guard width > 0, height > 0 else {
      throw .corrupt("the header declares an empty \(width)x\(height) image")
    }
    let limit =
      maxPixelCount ?? (streamed ? Self.defaultMaxStreamedPixelCount : Self.defaultMaxPixelCount)
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= limit else {
      throw .tooLarge(width: width, height: height, limit: limit)
    }
  }

  /// Refuses a decode that would hold `bytes` at once (`what` names them) beyond the budget.
  func checkMemory(_ bytes: Int, for what: String) throws(CodecError.Problem) {
    guard bytes > memoryBudget else { return }
    throw .unsupported(
      "decoding needs \(bytes >> 20) MB at once for \(what), more than the memory budget of "
        + "\(memoryBudget >> 20) MB")
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
