import CLumenShims
import Foundation
import LumenCore

/// Reads PNG files with libpng (through the setjmp shim).
enum PNGDecoder {
  static func info(_ bytes: UnsafeRawBufferPointer) throws(CodecError.Problem) -> ImageInfo {
    let session = try Session(bytes)
    let header = try session.readHeader()
    let icc = session.iccProfile()
    let exif = session.exif()
    return ImageInfo(
      format: .png, width: Int(header.width), height: Int(header.height),
      orientation: exif.flatMap(Exif.orientation(in:)) ?? .up, bitDepth: Int(header.bit_depth),
      hasAlpha: header.has_transparency != 0, profileDescription: profileDescription(icc),
      iccProfile: icc, exif: exif)
  }

  static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions)
    throws(CodecError.Problem) -> DecodedImage
  {
    let session = try Session(bytes)
    let header = try session.readHeader()
    let (width, height) = (Int(header.width), Int(header.height))
    try options.checkSize(width: width, height: height)
    let format = PixelFormat(
      hasAlpha: header.has_transparency != 0, sample: header.bit_depth == 16 ? .uint16 : .uint8)
    // The whole picture is held: a small hostile file may claim gigabytes of it.
    try options.checkMemory(
      width * format.bytesPerPixel * height, for: "the whole \(width)x\(height) picture")
    // iCCP must precede the image data, so the profile is known before decoding.
    let icc = session.iccProfile()
    let bitmap = try decodeBitmap(
      width: width, height: height, format: format, iccProfile: icc, options: options
    ) { (pixels) throws(CodecError.Problem) in
      try session.check(
        lumen_png_read_image(
          session.decoder, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
          width * format.bytesPerPixel))
    }
    // eXIf may follow the image data, so it is read last.
    let exif = session.exif()
    return DecodedImage(
      bitmap: bitmap, format: .png, orientation: exif.flatMap(Exif.orientation(in:)) ?? .up,
      iccProfile: icc, exif: exif, originalWidth: width, originalHeight: height,
      appliedScale: .full)
  }

  /// One libpng reader over the file's bytes, destroyed with the session.
  private final class Session {
    let decoder: OpaquePointer

    init(_ bytes: UnsafeRawBufferPointer) throws(CodecError.Problem) {
      guard
        let decoder = lumen_png_decoder_create(
          bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
      else { throw .io("out of memory") }
      self.decoder = decoder
    }

    deinit { lumen_png_decoder_destroy(decoder) }

    func readHeader() throws(CodecError.Problem) -> lumen_png_header {
      var header = lumen_png_header()
      try check(lumen_png_read_header(decoder, &header))
      return header
    }

    func iccProfile() -> Data? {
      var size: UInt32 = 0
      return Data(cBytes: lumen_png_icc(decoder, &size), count: Int(size))
    }

    func exif() -> Data? {
      var size: UInt32 = 0
      return Data(cBytes: lumen_png_exif(decoder, &size), count: Int(size))
    }

    func check(_ status: Int32) throws(CodecError.Problem) {
      guard status != 0 else { return }
      if lumen_png_hit_end_of_data(decoder) != 0 { throw .truncated }
      throw .corrupt(String(cString: lumen_png_decoder_message(decoder)))
    }
  }
}
