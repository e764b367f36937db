import CLumenShims
import Foundation
import LumenCore

/// Streams rows into libjpeg, so a large render never needs a whole RGB frame in memory.
/// Alpha is dropped (JPEG has none).
final class JPEGEncoder: FormatEncoder {
  let inputFormat = PixelFormat.rgb8
  private let encoder: OpaquePointer

  init(_ setup: EncoderSetup) throws(CodecError.Problem) {
    guard let encoder = lumen_jpeg_encoder_create(setup.file.descriptor) else {
      throw .io("out of memory")
    }
    self.encoder = encoder
    var settings = lumen_jpeg_settings(
      width: Int32(setup.width), height: Int32(setup.height),
      quality: Int32(setup.options.clampedQuality),
      subsample_420: setup.options.chroma == .s420 ? 1 : 0,
      progressive: setup.options.progressive ? 1 : 0)
    let status = withOptionalBytes(setup.exif) { exif, exifSize in
      withOptionalBytes(setup.iccProfile) { icc, iccSize in
        lumen_jpeg_start_compress(encoder, &settings, exif, exifSize, icc, iccSize)
      }
    }
    try check(status)
  }

  deinit { lumen_jpeg_encoder_destroy(encoder) }

  func write(row: UnsafeRawPointer) throws(CodecError.Problem) {
    try check(lumen_jpeg_write_row(encoder, row.assumingMemoryBound(to: UInt8.self)))
  }

  func finish() throws(CodecError.Problem) {
    try check(lumen_jpeg_finish_compress(encoder))
  }

  private func check(_ status: Int32) throws(CodecError.Problem) {
    guard status != 0 else { return }
    throw .io(String(cString: lumen_jpeg_encoder_message(encoder)))
  }
}

/// Calls `body` with the bytes of `data` as a C pointer and length (NULL and 0 for nil).
func withOptionalBytes<R>(_ data: Data?, _ body: (UnsafePointer<UInt8>?, Int) -> R) -> R {
  guard let data else { return body(nil, 0) }
  return data.withUnsafeBytes {
    body($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count)
  }
}
