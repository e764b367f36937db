import CLumenShims
import Foundation
import LumenCore

/// Encodes HEIC (HEVC in HEIF) with libheif's encoder plugin (x265 on Debian). The encoder
/// takes a whole picture, so rows are copied straight into libheif's image as they come (one
/// copy of the picture, not two).
final class HEIFEncoder: FormatEncoder {
  let inputFormat: PixelFormat
  private let heif: lumen_heif_functions
  private let setup: EncoderSetup
  private let image: OpaquePointer
  private let plane: UnsafeMutablePointer<UInt8>
  private let stride: Int
  private var rows = 0

  /// Whether this system's libheif can encode HEVC at all.
  static var isAvailable: Bool {
    guard let heif = try? HEIFLibrary.functions() else { return false }
    return heif.have_encoder_for_format(heif_compression_HEVC) != 0
  }

  init(_ setup: EncoderSetup) throws(CodecError.Problem) {
    guard Self.isAvailable else { throw .encoderUnavailable(.heic) }
    let heif = try HEIFLibrary.functions()
    self.heif = heif
    self.setup = setup
    inputFormat = setup.hasAlpha ? .rgba8 : .rgb8
    guard let width = Int32(exactly: setup.width), let height = Int32(exactly: setup.height) else {
      throw .unsupported("HEIC images are at most \(Int32.max) pixels wide and high")
    }
    var created: OpaquePointer?
    let chroma = setup.hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
    try Self.check(heif.image_create(width, height, heif_colorspace_RGB, chroma, &created))
    guard let image = created else { throw .io("out of memory") }
    do throws(CodecError.Problem) {
      try Self.check(heif.image_add_plane(image, heif_channel_interleaved, width, height, 8))
      var stride: Int32 = 0
      guard let plane = heif.image_get_plane(image, heif_channel_interleaved, &stride) else {
        throw .io("out of memory")
      }
      if let icc = setup.iccProfile {
        try Self.check(
          icc.withUnsafeBytes {
            heif.image_set_raw_color_profile(image, "prof", $0.baseAddress, $0.count)
          })
      }
      self.image = image
      self.plane = plane
      self.stride = Int(stride)
    } catch {
      heif.image_release(image)
      throw error
    }
  }

  deinit { heif.image_release(image) }

  func write(row: UnsafeRawPointer) throws(CodecError.Problem) {
    guard rows < setup.height else { throw .io("too many rows") }
    (plane + rows * stride).update(
      from: row.assumingMemoryBound(to: UInt8.self),
      count: setup.width * inputFormat.bytesPerPixel)
    rows += 1
  }

  func finish() throws(CodecError.Problem) {
    guard let context = heif.context_alloc() else { throw .io("out of memory") }
    defer { heif.context_free(context) }
    var encoder: OpaquePointer?
    try Self.check(heif.context_get_encoder_for_format(context, heif_compression_HEVC, &encoder))
    guard let encoder else { throw .encoderUnavailable(.heic) }
    defer { heif.encoder_release(encoder) }
    try Self.check(heif.encoder_set_lossy_quality(encoder, Int32(setup.options.clampedQuality)))

    var handle: OpaquePointer?
    try Self.check(heif.context_encode_image(context, image, encoder, nil, &handle))
    defer { heif.image_handle_release(handle) }
    if let exif = setup.exif {
      guard let size = Int32(exactly: exif.count) else {
        throw .unsupported("EXIF of \(exif.count) bytes does not fit in HEIC")
      }
      try Self.check(
        exif.withUnsafeBytes {
          heif.context_add_exif_metadata(context, handle, $0.baseAddress, size)
        })
    }
    var writer = heif_writer(writer_api_version: 1, write: writeToFile)
    try Self.check(
      heif.context_write(context, &writer, Unmanaged.passUnretained(setup.file).toOpaque()))
  }

  private static func check(_ error: heif_error) throws(CodecError.Problem) {
    guard error.code != heif_error_Ok else { return }
    throw .io(error.message.map { String(cString: $0) } ?? "libheif could not encode the image")
  }
}

/// libheif's output callback: appends to the ``AtomicOutput`` passed as `userdata`.
/// libheif keeps the message pointer, so it must be a static C string.
private func writeToFile(
  _ context: OpaquePointer?, _ data: UnsafeRawPointer?, _ size: Int,
  _ userdata: UnsafeMutableRawPointer?
) -> heif_error {
  func result(_ code: heif_error_code, _ subcode: heif_suberror_code, _ text: StaticString)
    -> heif_error
  {
    let message = UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    return heif_error(code: code, subcode: subcode, message: message)
  }
  guard let userdata else {
    return result(heif_error_Usage_error, heif_suberror_Unspecified, "no output file")
  }
  let file = Unmanaged<AtomicOutput>.fromOpaque(userdata).takeUnretainedValue()
  do {
    try file.write(UnsafeRawBufferPointer(start: data, count: size))
    return result(heif_error_Ok, heif_suberror_Unspecified, "Success")
  } catch {
    return result(
      heif_error_Encoding_error, heif_suberror_Cannot_write_output_data,
      "cannot write the output file")
  }
}
