import Foundation
import LumenCore

/// One format's encoder, fed rows already in its ``inputFormat``, top to bottom.
protocol FormatEncoder: AnyObject {
  var inputFormat: PixelFormat { get }
  func write(row: UnsafeRawPointer) throws(CodecError.Problem)
  func finish() throws(CodecError.Problem)
}

/// What every encoder is created with.
struct EncoderSetup {
  let file: AtomicOutput
  let width: Int
  let height: Int
  /// Whether the rendered rows carry alpha worth keeping.
  let hasAlpha: Bool
  /// The sample type of the rendered rows (decides PNG's depth when not given).
  let sample: SampleType
  let options: EncodeOptions
  /// The ICC profile to embed, if any.
  let iccProfile: Data?
  /// EXIF already prepared for output (Orientation 1, GPS stripped if asked).
  let exif: Data?
}

/// Bytes `format`'s encoder holds at its peak for a `width` x `height` image: the peak RSS of
/// `lumen render` of a noisy 4000x4000 PNG minus that of the same render to JPEG, per pixel
/// and rounded up (lossy WebP 6, lossless WebP 35, HEIC 20 measured with `/usr/bin/time -v`:
/// the collected rows, libwebp's YUV or ARGB copy and its search structures, libheif's image
/// and x265's frames; opaque pictures). JPEG and PNG take rows as they come and hold a few.
func encodingMemory(
  _ format: ImageFormat, width: Int, height: Int, hasAlpha: Bool, options: EncodeOptions
) -> Int {
  let opaqueBytesPerPixel =
    switch format {
    case .jpeg, .png: 0
    case .webp: options.lossless ? 36 : 7
    case .heic: 21
    }
  // Alpha adds a fourth sample to each copy of the picture.
  let bytesPerPixel = opaqueBytesPerPixel + (hasAlpha && opaqueBytesPerPixel > 0 ? 2 : 0)
  let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
  let (bytes, tooMany) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
  return overflow || tooMany ? Int.max : bytes
}

/// Collects a whole image for an encoder whose library takes one (WebP).
struct FrameBuffer {
  let rowBytes: Int
  private(set) var bytes: [UInt8]
  private var rows = 0

  init(width: Int, height: Int, format: PixelFormat) {
    rowBytes = width * format.bytesPerPixel
    bytes = [UInt8](repeating: 0, count: rowBytes * height)
  }

  mutating func append(_ row: UnsafeRawPointer) {
    guard (rows + 1) * rowBytes <= bytes.count else { return }
    bytes.withUnsafeMutableBytes {
      $0.baseAddress?.advanced(by: rows * rowBytes).copyMemory(from: row, byteCount: rowBytes)
    }
    rows += 1
  }
}
