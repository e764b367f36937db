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
/// handed out (``init(width:height:format:fill:)`` is the only writer).
public struct Bitmap: Sendable {
  public let width: Int
  public let height: Int
  public let format: PixelFormat
  public let bytesPerRow: Int
  let storage: PixelStorage
  /// Set while a producer is still writing rows (see ``streaming(width:height:format:produce:)``).
  public let progress: RowProgress?

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
    self.init(width: width, height: height, format: format, progress: nil, memory: memory)
    try fill(storage.bytes)
  }

  init(
    width: Int, height: Int, format: PixelFormat, progress: RowProgress?,
    memory: ScratchMemory = PixelStorage.standalone
  ) {
    self.width = width
    self.height = height
    self.format = format
    self.bytesPerRow = width * format.bytesPerPixel
    self.storage = PixelStorage(byteCount: bytesPerRow * height, from: memory)
    self.progress = progress
  }

  public var extent: Rect { Rect(width: width, height: height) }

  /// Read-only access to the stored bytes, rows top to bottom, `bytesPerRow` apart. Waits for a
  /// streaming bitmap's producer to stop (check ``progress`` for its error).
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    progress?.wait(forRows: height)
    return try body(UnsafeRawBufferPointer(storage.bytes))
  }

  /// Blocks until rows `0..<count` are written (immediately for ordinary bitmaps).
  func waitForRows(_ count: Int) { progress?.wait(forRows: count) }

  /// The samples of pixel (x, y) as 0...1 values (for tests and small tools, not hot loops).
  public func sample(x: Int, y: Int) -> [Float] {
    waitForRows(y + 1)
    let base = y * bytesPerRow + x * format.bytesPerPixel
    return (0..<format.channels).map { c in
      switch format.sample {
      case .uint8: Float(storage.bytes.load(fromByteOffset: base + c, as: UInt8.self)) / 255
      case .uint16: Float(storage.bytes.load(fromByteOffset: base + 2 * c, as: UInt16.self)) / 65535
      case .float32: storage.bytes.load(fromByteOffset: base + 4 * c, as: Float.self)
      }
    }
  }
}

/// Memory for a bitmap, released with the last copy to the ``ScratchMemory`` it came from:
/// the frames of a video, decoded and rendered one after another, then reuse the same few
/// blocks instead of faulting in tens of MB each.
final class PixelStorage: @unchecked Sendable {
  let bytes: UnsafeMutableRawBufferPointer
  private let size: Int
  private let pool: ScratchMemory

  /// The pool of bitmaps made outside any render (decoded pictures and frames, bitmaps
  /// callers fill): they belong to no ``RenderContext``. Renders never draw on it.
  static let standalone = ScratchMemory(budget: ScratchMemory.keptBytes)

  init(byteCount: Int, from pool: ScratchMemory) {
    size = ScratchMemory.size(for: Swift.max(byteCount, 1))
    self.pool = pool
    bytes = UnsafeMutableRawBufferPointer(
      start: pool.take(size: size), count: Swift.max(byteCount, 1))
  }

  deinit {
    if let block = bytes.baseAddress { pool.release(block, size: size) }
  }
}
