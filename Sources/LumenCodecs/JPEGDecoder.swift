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

  /// Decodes `data` now, or (streaming) returns a bitmap whose rows are decoded from `data`
  /// when a render or a reader needs them (see ``DecodeOptions/streaming``).
  static func decode(_ data: Data, options: DecodeOptions, name: String)
    throws(CodecError.Problem) -> DecodedImage
  {
    let (header, icc, exif, rows) = try data.withBytes {
      (bytes) throws(CodecError.Problem) in
      let session = try Session(bytes)
      let header = try session.readHeader()
      try options.checkSize(
        width: Int(header.width), height: Int(header.height), streamed: options.streaming)
      // Adobe CMYK JPEGs store inverted ink values whose meaning depends on a press profile;
      // they are rare among photos, so they are refused rather than shown with wrong colours.
      guard header.color_space != Int32(JCS_CMYK.rawValue),
        header.color_space != Int32(JCS_YCCK.rawValue)
      else { throw .unsupported("CMYK JPEG") }
      // A progressive file makes libjpeg hold every coefficient whatever the output size: a
      // 557-byte file can claim gigabytes.
      try options.checkMemory(
        lumen_jpeg_coefficient_bytes(session.decoder),
        for: "the coefficients of a \(header.width)x\(header.height) progressive JPEG")
      return (
        header, try session.iccProfile(), session.exif(), try session.outputSize(options.scale)
      )
    }
    let producer = Rows(
      data: data, name: name, scale: options.scale, width: rows.width, height: rows.height,
      transform: try options.convertToSRGB
        ? ColorProfile.transformToSRGB(embedded: icc, layout: .rgb8) : nil)
    let bitmap: Bitmap
    if options.streaming {
      bitmap = Bitmap(width: rows.width, height: rows.height, format: .rgb8, producer: producer)
    } else {
      try options.checkMemory(rows.width * 3 * rows.height, for: "the whole picture")
      var failure: CodecError.Problem?
      bitmap = Bitmap(width: rows.width, height: rows.height, format: .rgb8) { pixels in
        guard let base = pixels.baseAddress else { return }
        do throws(CodecError.Problem) {
          try producer.decode(
            into: RowBuffer(wholeIn: base, height: rows.height, bytesPerRow: rows.width * 3))
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
    }
    return DecodedImage(
      bitmap: bitmap, format: .jpeg, orientation: exif.flatMap(Exif.orientation(in:)) ?? .up,
      iccProfile: icc, exif: exif, originalWidth: Int(header.width),
      originalHeight: Int(header.height), appliedScale: options.scale)
  }

  /// Decodes a file's rows top to bottom, as often as asked (each time with a decompressor of
  /// its own over the same bytes), converting them to sRGB band by band.
  struct Rows: FileRows {
    let data: Data
    let name: String
    let scale: DecodeScale
    let width: Int
    let height: Int
    let transform: ColorTransform?

    func decode(into rows: RowBuffer) throws(CodecError.Problem) {
      try data.withBytes { (bytes) throws(CodecError.Problem) in
        let session = try Session(bytes)
        _ = try session.readHeader()
        let size = try session.start(scale)
        guard size == (width, height) else {
          throw .corrupt("the decoder's output size changed between two reads")
        }
        try session.readRows(into: rows, transform: transform)
      }
    }
  }

  /// One libjpeg decompressor over the file's bytes (which must outlive it), destroyed with
  /// the session.
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

    /// Starts decompressing at `scale`; returns the output's size.
    func start(_ scale: DecodeScale) throws(CodecError.Problem) -> (width: Int, height: Int) {
      var width: Int32 = 0
      var height: Int32 = 0
      try check(lumen_jpeg_start(decoder, UInt32(scale.denominator), &width, &height))
      return (Int(width), Int(height))
    }

    /// The size ``start(_:)`` decodes to, without decoding.
    func outputSize(_ scale: DecodeScale) throws(CodecError.Problem) -> (width: Int, height: Int) {
      var width: Int32 = 0
      var height: Int32 = 0
      try check(lumen_jpeg_output_size(decoder, UInt32(scale.denominator), &width, &height))
      return (Int(width), Int(height))
    }

    /// Decodes every row into `rows` (RGB) in bands of up to 16 rows, converting each band
    /// with `transform`; then checks the file ended properly. Stops early, without error, when
    /// the reader of `rows` gave up.
    func readRows(into rows: RowBuffer, transform: ColorTransform?) throws(CodecError.Problem) {
      let stride = rows.bytesPerRow
      var done = 0
      while done < rows.height {
        guard let space = rows.space(atMost: 16), let start = space.baseAddress else { return }
        var count: Int32 = 0
        try check(
          lumen_jpeg_read_rows(
            decoder, start.assumingMemoryBound(to: UInt8.self), stride,
            Int32(clamping: space.count / stride), &count))
        guard count > 0 else { break }
        transform?.apply(UnsafeMutableRawBufferPointer(start: start, count: Int(count) * stride))
        rows.publish(Int(count))
        done += Int(count)
      }
      try check(lumen_jpeg_finish(decoder))
      // libjpeg pads a truncated image with grey and only warns; a half-grey photo is not a
      // successful decode.
      guard lumen_jpeg_hit_end_of_data(decoder) == 0 else { throw .truncated }
      guard done == rows.height else { throw .corrupt("\(done) of \(rows.height) rows decoded") }
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
