import Foundation
import LumenCore

/// Reading and writing image files: the entry points of LumenCodecs.
public enum ImageFile {
  /// Decodes the image file at `url`.
  public static func read(_ url: URL, options: DecodeOptions = DecodeOptions())
    throws(CodecError) -> DecodedImage
  {
    try read(data: contents(of: url), name: url.path, options: options)
  }

  /// Decodes an image file held in memory; `name` identifies it in errors.
  public static func read(data: Data, name: String, options: DecodeOptions = DecodeOptions())
    throws(CodecError) -> DecodedImage
  {
    try attributing(to: name) { () throws(CodecError.Problem) in
      let format = try detect(data)
      // A streamed JPEG or PNG keeps `data` (shared, not copied) to decode its rows later;
      // the other decoders read the bytes at once.
      typealias Decoder = (UnsafeRawBufferPointer, DecodeOptions) throws(CodecError.Problem) ->
        DecodedImage
      let decoder: Decoder
      switch format {
      case .jpeg: return try JPEGDecoder.decode(data, options: options, name: name)
      case .png: return try PNGDecoder.decode(data, options: options, name: name)
      case .webp: decoder = WebPDecoder.decode
      case .heic: decoder = HEIFDecoder.decode
      }
      return try data.withBytes { (bytes) throws(CodecError.Problem) in
        try decoder(bytes, options)
      }
    }
  }

  /// Reads what the headers of the file at `url` say, without decoding pixels.
  public static func info(_ url: URL) throws(CodecError) -> ImageInfo {
    try info(data: contents(of: url), name: url.path)
  }

  public static func info(data: Data, name: String) throws(CodecError) -> ImageInfo {
    try attributing(to: name) { () throws(CodecError.Problem) in
      let format = try detect(data)
      return try data.withBytes { (bytes) throws(CodecError.Problem) in
        switch format {
        case .jpeg: try JPEGDecoder.info(bytes)
        case .png: try PNGDecoder.info(bytes)
        case .webp: try WebPDecoder.info(bytes)
        case .heic: try HEIFDecoder.info(bytes)
        }
      }
    }
  }

  /// Encodes `bitmap` to `url` atomically (see ``ImageWriter`` for `format`, `source` and
  /// `overwrite`).
  public static func write(
    _ bitmap: Bitmap, to url: URL, format: ImageFormat? = nil,
    options: EncodeOptions = EncodeOptions(), source: URL? = nil, overwrite: Bool = false
  ) throws(CodecError) {
    let writer = try ImageWriter(
      url: url, format: format, options: options, source: source, overwrite: overwrite)
    try writer.begin(width: bitmap.width, height: bitmap.height, format: bitmap.format)
    let written = bitmap.withUnsafeBytes { bytes in
      Result { () throws(CodecError) in
        try writer.writeRows(bytes, count: bitmap.height, bytesPerRow: bitmap.bytesPerRow)
      }
    }
    try written.get()
    try writer.finish()
  }

  private static func detect(_ data: Data) throws(CodecError.Problem) -> ImageFormat {
    guard let format = ImageFormat(detecting: data) else {
      throw data.isEmpty
        ? .truncated : .unsupported("not a JPEG, PNG, WebP or HEIC file")
    }
    return format
  }

  /// The bytes of a file (a regular file only: a FIFO or device is refused before it can block).
  static func contents(of url: URL) throws(CodecError) -> Data {
    do {
      return try RegularFile.contents(of: url.path)
    } catch {
      throw CodecError(file: url.path, problem: .io(error.reason))
    }
  }
}
