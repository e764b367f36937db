import CJPEG
import CLumenShims
import Foundation
import LumenCore

/// Reads JPEG files with libjpeg-turbo (through the setjmp shim).
enum JPEGDecoder {
  static func info(_ bytes: UnsafeRawBufferPointer) throws(CodecError.Problem) -> ImageInfo {
    let session = try Session(bytes)
    let header = try session.readHeader()
    let icc = try session.iccProfile()
    let exif = session.exif()
    return ImageInfo(
      format: .jpeg, width: Int(header.width), height: Int(header.height),
      orientation: exif.flatMap(Exif.orientation(in:)) ?? .up, bitDepth: 8, hasAlpha: false,
      profileDescription: profileDescription(icc), iccProfile: icc, exif: exif)
  }

  static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions)
    throws(CodecError.Problem) -> DecodedImage
  {
    let session = try Session(bytes)
    let header = try session.readHeader()
    try options.checkSize(width: Int(header.width), height: Int(header.height))
    // Adobe CMYK JPEGs store inverted ink values whose meaning depends on a press profile;
    // they are rare among photos, so they are refused rather than shown with wrong colours.
    guard header.color_space != Int32(JCS_CMYK.rawValue),
      header.color_space != Int32(JCS_YCCK.rawValue)
    else { throw .unsupported("CMYK JPEG") }
    let icc = try session.iccProfile()
    let exif = session.exif()

    var width: Int32 = 0
    var height: Int32 = 0
    try session.check(
      lumen_jpeg_start(session.decoder, UInt32(options.scale.denominator), &width, &height))
    let bitmap = try decodeBitmap(
      width: Int(width), height: Int(height), format: .rgb8, iccProfile: icc, options: options
    ) { (pixels) throws(CodecError.Problem) in
      var rows: Int32 = 0
      let stride = Int(width) * 3
      try session.check(
        lumen_jpeg_read_rows(
          session.decoder, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), stride,
          height, &rows))
      try session.check(lumen_jpeg_finish(session.decoder))
      // libjpeg pads a truncated image with grey and only warns; a half-grey photo is not a
      // successful decode.
      guard lumen_jpeg_hit_end_of_data(session.decoder) == 0 else { throw .truncated }
      guard rows == height else { throw .corrupt("\(rows) of \(height) rows decoded") }
    }
    return DecodedImage(
      bitmap: bitmap, format: .jpeg, orientation: exif.flatMap(Exif.orientation(in:)) ?? .up,
      iccProfile: icc, exif: exif, originalWidth: Int(header.width),
      originalHeight: Int(header.height), appliedScale: options.scale)
  }

  /// One libjpeg decompressor over the file's bytes, destroyed with the session.
  private final class Session {
    let decoder: OpaquePointer

    init(_ bytes: UnsafeRawBufferPointer) throws(CodecError.Problem) {
      guard
        let decoder = lumen_jpeg_decoder_create(
          bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
      else { throw .io("out of memory") }
      self.decoder = decoder
    }

    deinit { lumen_jpeg_decoder_destroy(decoder) }

    func readHeader() throws(CodecError.Problem) -> lumen_jpeg_header {
      var header = lumen_jpeg_header()
      try check(lumen_jpeg_read_header(decoder, &header))
      return header
    }

    func iccProfile() throws(CodecError.Problem) -> Data? {
      var icc: UnsafeMutablePointer<UInt8>?
      var size: UInt32 = 0
      try check(lumen_jpeg_icc(decoder, &icc, &size))
      defer { free(icc) }
      return Data(cBytes: icc, count: Int(size))
    }

    func exif() -> Data? {
      var size = 0
      return Data(cBytes: lumen_jpeg_exif(decoder, &size), count: size)
    }

    /// Turns a shim failure into a problem: truncation when the data ran out, else corruption.
    func check(_ status: Int32) throws(CodecError.Problem) {
      guard status != 0 else { return }
      if lumen_jpeg_hit_end_of_data(decoder) != 0 { throw .truncated }
      throw .corrupt(String(cString: lumen_jpeg_decoder_message(decoder)))
    }
  }
}
