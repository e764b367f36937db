import CLumenShims
import Foundation
import LumenCore

/// Streams rows into libpng, 8 or 16 bits per sample, with alpha when the render has it.
final class PNGEncoder: FormatEncoder {
  let inputFormat: PixelFormat
  private let encoder: OpaquePointer

  init(_ setup: EncoderSetup) throws(CodecError.Problem) {
    let depth = setup.options.bitDepth ?? (setup.sample == .uint8 ? .eight : .sixteen)
    inputFormat = PixelFormat(
      hasAlpha: setup.hasAlpha, sample: depth == .sixteen ? .uint16 : .uint8)
    guard
      let encoder = lumen_png_encoder_create(
        setup.file.descriptor, setup.options.favorsSpeed ? 1 : 0)
    else {
      throw .io("out of memory")
    }
    self.encoder = encoder
    let status = withOptionalBytes(setup.exif) { exif, exifSize in
      withOptionalBytes(setup.iccProfile) { icc, iccSize in
        lumen_png_write_header(
          encoder, UInt32(setup.width), UInt32(setup.height), Int32(depth.rawValue),
          setup.hasAlpha ? 1 : 0, icc, UInt32(iccSize), exif, UInt32(exifSize))
      }
    }
    try check(status)
  }

  deinit { lumen_png_encoder_destroy(encoder) }

  func write(row: UnsafeRawPointer) throws(CodecError.Problem) {
    try check(lumen_png_write_row(encoder, row.assumingMemoryBound(to: UInt8.self)))
  }

  func finish() throws(CodecError.Problem) {
    try check(lumen_png_write_end(encoder))
  }

  private func check(_ status: Int32) throws(CodecError.Problem) {
    guard status != 0 else { return }
    throw .io(String(cString: lumen_png_encoder_message(encoder)))
  }
}
