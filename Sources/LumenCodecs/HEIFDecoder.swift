import CLumenShims
import Foundation
import LumenCore

/// Reads HEIC/HEIF files with libheif.
///
/// libheif applies the file's rotation and mirroring (`irot`/`imir`) while decoding, and HEIF
/// requires the EXIF orientation to agree with them, so the result is already upright:
/// ``DecodedImage/orientation`` is `.up` and the EXIF tag must not be applied a second time.
enum HEIFDecoder {
  static func info(_ bytes: UnsafeRawBufferPointer) throws(CodecError.Problem) -> ImageInfo {
    let file = try File(bytes)
    let icc = try file.iccProfile()
    return ImageInfo(
      format: .heic, width: file.width, height: file.height, orientation: .up,
      bitDepth: file.bitDepth, hasAlpha: file.hasAlpha, profileDescription: profileDescription(icc),
      iccProfile: icc, exif: file.exif())
  }

  static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions)
    throws(CodecError.Problem) -> DecodedImage
  {
    let file = try File(bytes)
    let heif = file.heif
    try options.checkSize(width: file.width, height: file.height)
    let icc = try file.iccProfile()
    let deep = file.bitDepth > 8
    let format = PixelFormat(hasAlpha: file.hasAlpha, sample: deep ? .uint16 : .uint8)
    let chroma =
      switch (file.hasAlpha, deep) {
      case (false, false): heif_chroma_interleaved_RGB
      case (true, false): heif_chroma_interleaved_RGBA
      case (false, true): heif_chroma_interleaved_RRGGBB_LE
      case (true, true): heif_chroma_interleaved_RRGGBBAA_LE
      }
    var image: OpaquePointer?
    try check(heif.decode_image(file.handle, &image, heif_colorspace_RGB, chroma, nil))
    guard let image else { throw .corrupt("no image decoded") }
    defer { heif.image_release(image) }
    // The decoded image is what the file shows: libheif has applied its rotation, mirroring
    // and cropping in the order the file lists them. The handle's size is libheif's reading of
    // the same boxes, which some files (transformations listed before the size) make it get
    // wrong, so it only bounds the result: turning and cropping never add pixels.
    var stride: Int32 = 0
    let width = Int(heif.image_get_width(image, heif_channel_interleaved))
    let height = Int(heif.image_get_height(image, heif_channel_interleaved))
    guard let plane = heif.image_get_plane_readonly(image, heif_channel_interleaved, &stride),
      width > 0, height > 0, width * height <= file.width * file.height
    else { throw .corrupt("the decoded image is larger than its header says") }
    let maximum = Int(1 << heif.image_get_bits_per_pixel_range(image, heif_channel_interleaved)) - 1

    let bitmap = try decodeBitmap(
      width: width, height: height, format: format, iccProfile: icc, options: options
    ) { pixels in
      guard let base = pixels.baseAddress else { return }
      let rowBytes = width * format.bytesPerPixel
      for y in 0..<height {
        let source = UnsafeRawPointer(plane + y * Int(stride))
        let target = base + y * rowBytes
        if deep {
          // Samples of `maximum` (such as 1023 for 10 bits) stretched to the 16-bit range.
          for index in 0..<(rowBytes / 2) {
            let value = Int(
              UInt16(littleEndian: source.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self))
            )
            target.storeBytes(
              of: UInt16((value * 65535 + maximum / 2) / maximum), toByteOffset: 2 * index,
              as: UInt16.self)
          }
        } else {
          target.copyMemory(from: source, byteCount: rowBytes)
        }
      }
    }
    return DecodedImage(
      bitmap: bitmap, format: .heic, orientation: .up, iccProfile: icc, exif: file.exif(),
      originalWidth: width, originalHeight: height, appliedScale: .full)
  }

  /// A parsed HEIF file and its primary image.
  private final class File {
    let heif: lumen_heif_functions
    let context: OpaquePointer
    let handle: OpaquePointer

    init(_ bytes: UnsafeRawBufferPointer) throws(CodecError.Problem) {
      // libheif reports a cut file only as some box missing.
      guard !endsInsideABox(bytes) else { throw .truncated }
      let heif = try HEIFLibrary.functions()
      guard let context = heif.context_alloc() else { throw .io("out of memory") }
      var handle: OpaquePointer?
      do {
        try check(
          heif.context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil))
        try check(heif.context_get_primary_image_handle(context, &handle))
      } catch {
        heif.context_free(context)
        throw error
      }
      guard let handle else {
        heif.context_free(context)
        throw .corrupt("no primary image")
      }
      self.heif = heif
      self.context = context
      self.handle = handle
      // A grid's output size is read only when it is decoded, and libheif 1.15 allocates it
      // then, checked against nothing but this limit: a forged grid of 542 bytes once asked
      // for 1.2 GB. The grid may exceed the shown size only by a crop (`clap`), never by
      // much, so the limit is the shown long side and an eighth.
      let longSide = max(width, height)
      heif.context_set_maximum_image_size_limit(
        context, Int32(clamping: longSide + longSide / 8 + 64))
    }

    deinit {
      heif.image_handle_release(handle)
      heif.context_free(context)
    }

    /// The size after libheif's rotation, mirroring and cropping, as libheif reads the boxes
    /// (the displayed size; ``decode(_:options:)`` trusts the decoded image over it).
    var width: Int { Int(heif.image_handle_get_width(handle)) }
    var height: Int { Int(heif.image_handle_get_height(handle)) }
    var hasAlpha: Bool { heif.image_handle_has_alpha_channel(handle) != 0 }
    var bitDepth: Int { max(Int(heif.image_handle_get_luma_bits_per_pixel(handle)), 8) }

    /// The embedded ICC profile, or for an `nclx` colour description with primaries other than
    /// sRGB's (such as Display P3), an equivalent ICC profile built with lcms2.
    func iccProfile() throws(CodecError.Problem) -> Data? {
      let type = heif.image_handle_get_color_profile_type(handle)
      if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC {
        var data = Data(count: heif.image_handle_get_raw_color_profile_size(handle))
        let error = data.withUnsafeMutableBytes {
          heif.image_handle_get_raw_color_profile(handle, $0.baseAddress)
        }
        try check(error)
        return data
      }
      var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
      guard heif.image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok,
        let nclx
      else { return nil }
      defer { heif.nclx_color_profile_free(nclx) }
      let p = nclx.pointee
      guard p.color_primaries != heif_color_primaries_ITU_R_BT_709_5,
        p.color_primaries != heif_color_primaries_unspecified
      else { return nil }
      let transfer: ColorProfile.ToneCurve =
        p.transfer_characteristics == heif_transfer_characteristic_linear ? .gamma(1) : .sRGB
      return ColorProfile(
        white: (Double(p.color_primary_white_x), Double(p.color_primary_white_y)),
        red: (Double(p.color_primary_red_x), Double(p.color_primary_red_y)),
        green: (Double(p.color_primary_green_x), Double(p.color_primary_green_y)),
        blue: (Double(p.color_primary_blue_x), Double(p.color_primary_blue_y)),
        transfer: transfer)?.iccData
    }

    /// The first EXIF block as a TIFF payload. HEIF prefixes it with a 4-byte big-endian offset
    /// to the TIFF header.
    func exif() -> Data? {
      var id: heif_item_id = 0
      guard heif.image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else {
        return nil
      }
      var block = Data(count: heif.image_handle_get_metadata_size(handle, id))
      let error = block.withUnsafeMutableBytes {
        heif.image_handle_get_metadata(handle, id, $0.baseAddress)
      }
      guard error.code == heif_error_Ok, block.count >= 4 else { return nil }
      let offset = block.prefix(4).reduce(0) { $0 << 8 | Int($1) }
      guard offset <= block.count - 4 else { return nil }
      return Data(block.dropFirst(4 + offset))
    }
  }

  /// Whether a top-level box of the ISO-BMFF structure claims to extend past the data.
  private static func endsInsideABox(_ bytes: UnsafeRawBufferPointer) -> Bool {
    func u32(_ offset: Int) -> Int {
      Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
    var offset = 0
    while offset + 8 <= bytes.count {
      var size = u32(offset)
      if size == 1 {  // a 64-bit size follows the type
        guard offset + 16 <= bytes.count else { return true }
        size = u32(offset + 8) << 32 | u32(offset + 12)
      }
      guard size >= 8 else { return false }  // 0 runs to the end; smaller is corrupt
      if size > bytes.count - offset { return true }
      offset += size
    }
    return offset < bytes.count
  }

  static func check(_ error: heif_error) throws(CodecError.Problem) {
    guard error.code != heif_error_Ok else { return }
    let message =
      error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
    if error.subcode == heif_suberror_End_of_data { throw .truncated }
    if error.subcode == heif_suberror_Security_limit_exceeded {
      throw .corrupt("its image grid is larger than the image it declares")
    }
    switch error.code {
    case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
      throw .unsupported(message)
    case heif_error_Memory_allocation_error: throw .io("out of memory")
    default: throw .corrupt(message)
    }
  }
}
