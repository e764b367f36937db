/// How stored sample values relate to light.
public enum Transfer: Sendable, Hashable {
  /// sRGB-encoded values (the sRGB transfer curve, as 8-bit files store them).
  case sRGB
  /// Linear-light values.
  case linear
}

/// The numeric type of one stored sample.
public enum SampleType: Sendable, Hashable {
  case uint8
  case uint16
  case float32

  public var byteCount: Int {
    switch self {
    case .uint8: 1
    case .uint16: 2
    case .float32: 4
    }
  }
}

/// The layout of one pixel in a ``Bitmap``: interleaved RGB or RGBA, with straight (not
/// premultiplied) alpha, sRGB primaries.
public struct PixelFormat: Hashable, Sendable {
  public var hasAlpha: Bool
  public var sample: SampleType
  public var transfer: Transfer

  public init(hasAlpha: Bool, sample: SampleType, transfer: Transfer = .sRGB) {
    self.hasAlpha = hasAlpha
    self.sample = sample
    self.transfer = transfer
  }

  public static let rgb8 = PixelFormat(hasAlpha: false, sample: .uint8)
  public static let rgba8 = PixelFormat(hasAlpha: true, sample: .uint8)
  public static let rgb16 = PixelFormat(hasAlpha: false, sample: .uint16)
  public static let rgba16 = PixelFormat(hasAlpha: true, sample: .uint16)
  public static let rgbaFloat = PixelFormat(hasAlpha: true, sample: .float32, transfer: .linear)

  public var channels: Int { hasAlpha ? 4 : 3 }
  public var bytesPerPixel: Int { channels * sample.byteCount }
}

/// A rectangle of stored pixels: what codecs decode into and renders produce.
///
/// A bitmap is a value: copies share storage, which is never written after the bitmap has been
/// handed out (``init(width:height:format:fill:)`` is the only writer). A streamed bitmap
/// (``init(width:height:format:producer:)``) holds no pixels until they are needed: a render
/// that reads it top to bottom decodes it afresh into a window of rows, anything else decodes
/// it once, whole.
public struct Bitmap: Sendable {
  public let width: Int
  public let height: Int
  public let format: PixelFormat
  public let bytesPerRow: Int
  let pixels: Pixels

  /// Where the pixels are.
  enum Pixels: Sendable {
    case stored(PixelStorage)
    case streamed(StreamedRows)
  }

  /// Allocates a bitmap and lets `fill` write its bytes once.
  public init(
    width: Int, height: Int, format: PixelFormat,
    fill: (UnsafeMutableRawBufferPointer) throws -> Void
  ) rethrows {
    try self.init(
      width: width, height: height, format: format, memory: PixelStorage.standalone, fill: fill)
  }

  /// A bitmap whose memory comes from (and returns to) `memory`: a render's output, from its
  /// context's pool.
  init(
    width: Int, height: Int, format: PixelFormat, memory: ScratchMemory,
    fill: (UnsafeMutableRawBufferPointer) throws -> Void
  ) rethrows {
    let storage = PixelStorage(byteCount: width * format.bytesPerPixel * height, from: memory)
    self.init(width: width, height: height, format: format, pixels: .stored(storage))
    try fill(storage.bytes)
  }

  /// A bitmap whose rows `producer` writes when they are first needed (see
  /// ``RowProducer``). Whoever reads it sees the producer's error: a render throws it before
  /// finishing, ``waitUntilDecoded()`` returns it.
  public init(width: Int, height: Int, format: PixelFormat, producer: any RowProducer) {
    let bytesPerRow = width * format.bytesPerPixel
    self.init(
      width: width, height: height, format: format,
      pixels: .streamed(StreamedRows(producer, height: height, bytesPerRow: bytesPerRow)))
  }

  private init(width: Int, height: Int, format: PixelFormat, pixels: Pixels) {
    self.width = width
    self.height = height
    self.format = format
    self.bytesPerRow = width * format.bytesPerPixel
    self.pixels = pixels
  }

  public var extent: Rect { Rect(width: width, height: height) }

  /// The bytes a whole copy of the pixels takes.
  public var byteCount: Int { bytesPerRow * height }

  /// True for a streamed bitmap that nothing has decoded whole yet.
  var isStreamedOnly: Bool {
    if case .streamed(let rows) = pixels { return !rows.isWholeStarted }
    return false
  }

  /// The rows as a render reads them when it does not stream them itself: the stored
  /// pixels, or the whole picture of a streamed bitmap (decoding it on first use).
  func reader() -> RowReader {
    switch pixels {
    case .stored(let storage): RowReader(storage, bytesPerRow: bytesPerRow, height: height)
    case .streamed(let rows): RowReader(rows.whole())
    }
  }

  /// Read-only access to the stored bytes, rows top to bottom, `bytesPerRow` apart. A streamed
  /// bitmap is decoded whole first (see ``waitUntilDecoded()`` for its error).
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    let rows = reader()
    rows.wait(forRows: height)
    return try body(UnsafeRawBufferPointer(start: rows.row(0), count: byteCount))
  }

  /// Decodes a streamed bitmap whole (once) and throws its producer's error, if any;
  /// returns at once for other bitmaps.
  public func waitUntilDecoded() throws {
    if case .streamed(let rows) = pixels { try rows.whole().waitUntilComplete() }
  }

  /// The samples of pixel (x, y) as 0...1 values (for tests and small tools, not hot loops).
  public func sample(x: Int, y: Int) -> [Float] {
    let rows = reader()
    rows.wait(forRows: y + 1)
    let base = rows.row(y) + x * format.bytesPerPixel
    return (0..<format.channels).map { c in
      switch format.sample {
      case .uint8: Float(base.load(fromByteOffset: c, as: UInt8.self)) / 255
      case .uint16: Float(base.load(fromByteOffset: 2 * c, as: UInt16.self)) / 65535
      case .float32: base.load(fromByteOffset: 4 * c, as: Float.self)
      }
    }
  }
}

/// Memory for a bitmap, released with the last copy to the ``ScratchMemory`` it came from:
/// the frames of a video, decoded and rendered one after another, then reuse the same few
/// blocks instead of faulting in tens of MB each.
final class PixelStorage: @unchecked Sendable {
  let bytes: UnsafeMutableRawBufferPointer
  /// The first byte (`bytes.baseAddress`, never nil).
  let base: UnsafeMutableRawPointer
  private let size: Int
  private let pool: ScratchMemory

  /// The pool of bitmaps made outside any render (decoded pictures and frames, bitmaps
  /// callers fill): they belong to no ``RenderContext``. Renders never draw on it.
  static let standalone = ScratchMemory(budget: ScratchMemory.keptBytes)

  init(byteCount: Int, from pool: ScratchMemory) {
    size = ScratchMemory.size(for: Swift.max(byteCount, 1))
    self.pool = pool
    base = pool.take(size: size)
    bytes = UnsafeMutableRawBufferPointer(start: base, count: Swift.max(byteCount, 1))
  }

  deinit { pool.release(base, size: size) }
}
