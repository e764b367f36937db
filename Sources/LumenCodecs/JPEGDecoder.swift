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

  static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions, name: String)
    throws(CodecError.Problem) -> DecodedImage
  {
    // A streaming decode outlives `bytes`, so its session reads from its own copy.
    let session = try Session(bytes, copying: options.streaming)
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
    let (columns, rows) = (Int(width), Int(height))
    let bitmap: Bitmap
    if options.streaming {
      let transform = try options.convertToSRGB ? sRGBTransform(from: icc, for: .rgb8) : nil
      bitmap = Bitmap.streaming(width: columns, height: rows, format: .rgb8) { pixels, progress in
        do throws(CodecError.Problem) {
          try session.readRows(into: pixels, width: columns, height: rows) {
            band, rowsDone in
            transform?.apply(band)
            progress.publish(rowsReady: rowsDone)
          }
        } catch {
          progress.fail(CodecError(file: name, problem: error))
        }
      }
    } else {
      bitmap = try decodeBitmap(
        width: columns, height: rows, format: .rgb8, iccProfile: icc, options: options
      ) { (pixels) throws(CodecError.Problem) in
        try session.readRows(into: pixels, width: columns, height: rows) { _, _ in }
      }
    }
    return DecodedImage(
      bitmap: bitmap, format: .jpeg, orientation: exif.flatMap(Exif.orientation(in:)) ?? .up,
      iccProfile: icc, exif: exif, originalWidth: Int(header.width),
      originalHeight: Int(header.height), appliedScale: options.scale)
  }

  /// One libjpeg decompressor over the file's bytes, destroyed with the session.
  private final class Session: @unchecked Sendable {
    let decoder: OpaquePointer
    /// The file's bytes when the session must outlive its caller's buffer.
    private let copy: UnsafeMutableRawBufferPointer?

    init(_ bytes: UnsafeRawBufferPointer, copying: Bool = false) throws(CodecError.Problem) {
      var source = bytes
      if copying {
        let owned = UnsafeMutableRawBufferPointer.allocate(
          byteCount: max(bytes.count, 1), alignment: 16)
        owned.copyMemory(from: bytes)
        copy = owned
        source = UnsafeRawBufferPointer(owned)
      } else {
        copy = nil
      }
      guard
        let decoder = lumen_jpeg_decoder_create(
          source.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
      else {
        copy?.deallocate()
        throw .io("out of memory")
      }
      self.decoder = decoder
    }

    deinit {
      lumen_jpeg_decoder_destroy(decoder)
      copy?.deallocate()
    }

    /// Decodes all rows into `pixels` (RGB, `width * 3` bytes a row) in bands of 16 rows,
    /// handing each band and the count of rows done to `band`; then checks the file ended
    /// properly.
    func readRows(
      into pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int,
      band: (UnsafeMutableRawBufferPointer, Int) -> Void
    ) throws(CodecError.Problem) {
      let stride = width * 3
      var done = 0
      while done < height {
        var rows: Int32 = 0
        let start = pixels.baseAddress! + done * stride
        try check(
          lumen_jpeg_read_rows(
            decoder, start.assumingMemoryBound(to: UInt8.self), stride,
            Int32(min(16, height - done)), &rows))
        guard rows > 0 else { break }
        done += Int(rows)
        band(UnsafeMutableRawBufferPointer(start: start, count: Int(rows) * stride), done)
      }
      try check(lumen_jpeg_finish(decoder))
      // libjpeg pads a truncated image with grey and only warns; a half-grey photo is not a
      // successful decode.
      guard lumen_jpeg_hit_end_of_data(decoder) == 0 else { throw .truncated }
      guard done == height else { throw .corrupt("\(done) of \(height) rows decoded") }
    }

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
