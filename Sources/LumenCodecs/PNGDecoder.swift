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

  /// Decodes `data` now, or (streaming a non-interlaced file) returns a bitmap whose rows are
  /// decoded from `data` when a render or a reader needs them (see ``DecodeOptions/streaming``).
  static func decode(_ data: Data, options: DecodeOptions, name: String)
    throws(CodecError.Problem) -> DecodedImage
  {
    try data.withBytes { (bytes) throws(CodecError.Problem) in
      let session = try Session(bytes)
      let header = try session.readHeader()
      let (width, height) = (Int(header.width), Int(header.height))
      // An interlaced file's rows come in seven passes over the whole picture: held whole.
      let streamed = options.streaming && lumen_png_is_interlaced(session.decoder) == 0
      try options.checkSize(width: width, height: height, streamed: streamed)
      let format = PixelFormat(
        hasAlpha: header.has_transparency != 0, sample: header.bit_depth == 16 ? .uint16 : .uint8)
      // iCCP must precede the image data, so the profile is known before decoding.
      let icc = session.iccProfile()
      if streamed {
        let rows = Rows(
          data: data, name: name, width: width, height: height, format: format,
          transform: try options.convertToSRGB
            ? ColorProfile.transformToSRGB(embedded: icc, layout: format) : nil)
        return DecodedImage(
          bitmap: Bitmap(width: width, height: height, format: format, producer: rows),
          format: .png, exif: PNGChunks.exif(in: bytes), icc: icc, width: width, height: height)
      }
      // The whole picture is held: a small hostile file may claim gigabytes of it.
      try options.checkMemory(
        width * format.bytesPerPixel * height, for: "the whole \(width)x\(height) picture")
      let bitmap = try decodeBitmap(
        width: width, height: height, format: format, iccProfile: icc, options: options
      ) { (pixels) throws(CodecError.Problem) in
        try session.check(
          lumen_png_read_image(
            session.decoder, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
            width * format.bytesPerPixel))
      }
      // eXIf may follow the image data, so it is read last.
      return DecodedImage(
        bitmap: bitmap, format: .png, exif: session.exif(), icc: icc, width: width,
        height: height)
    }
  }

  /// Decodes a non-interlaced file's rows top to bottom, as often as asked (each time with a
  /// reader of its own over the same bytes), converting them to sRGB band by band.
  struct Rows: FileRows {
    let data: Data
    let name: String
    let width: Int
    let height: Int
    let format: PixelFormat
    let transform: ColorTransform?

    func decode(into rows: RowBuffer) throws(CodecError.Problem) {
      try data.withBytes { (bytes) throws(CodecError.Problem) in
        let session = try Session(bytes)
        let header = try session.readHeader()
        guard Int(header.width) == width, Int(header.height) == height else {
          throw .corrupt("the header changed between two reads")
        }
        let stride = rows.bytesPerRow
        try session.check(lumen_png_start_rows(session.decoder, stride))
        var done = 0
        while done < height {
          guard let space = rows.space(atMost: 16), let start = space.baseAddress else { return }
          let count = space.count / stride
          try session.check(
            lumen_png_read_rows(
              session.decoder, start.assumingMemoryBound(to: UInt8.self), stride,
              Int32(clamping: count)))
          transform?.apply(space)
          rows.publish(count)
          done += count
        }
        try session.check(lumen_png_finish_rows(session.decoder))
      }
    }
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

extension DecodedImage {
  /// A decoded PNG (stored size, never scaled).
  fileprivate init(
    bitmap: Bitmap, format: ImageFormat, exif: Data?, icc: Data?, width: Int, height: Int
  ) {
    self.init(
      bitmap: bitmap, format: format, orientation: exif.flatMap(Exif.orientation(in:)) ?? .up,
      iccProfile: icc, exif: exif, originalWidth: width, originalHeight: height,
      appliedScale: .full)
  }
}

/// The chunks of a PNG file, walked without decoding.
enum PNGChunks {
  /// The payload of the first eXIf chunk, wherever it is (it may follow the image data, which
  /// a streamed file's first read stops before), or nil.
  static func exif(in bytes: UnsafeRawBufferPointer) -> Data? {
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let start = offset + 8
      guard length <= bytes.count - start else { return nil }
      if type == "eXIf" { return length > 0 ? Data(bytes[start..<(start + length)]) : nil }
      if type == "IEND" { return nil }
      offset = start + length + 4
    }
    return nil
  }
}
