import CWebP
import Foundation
import LumenCore

/// Reads WebP files with libwebp; ICC and EXIF come from the RIFF container via the demuxer.
enum WebPDecoder {
  static func info(_ bytes: UnsafeRawBufferPointer) throws(CodecError.Problem) -> ImageInfo {
    let features = try readFeatures(bytes)
    let (icc, exif) = try metadata(bytes)
    return ImageInfo(
      format: .webp, width: Int(features.width), height: Int(features.height),
      orientation: exif.flatMap(Exif.orientation(in:)) ?? .up, bitDepth: 8,
      hasAlpha: features.has_alpha != 0, profileDescription: profileDescription(icc),
      iccProfile: icc, exif: exif)
  }

  static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions)
    throws(CodecError.Problem) -> DecodedImage
  {
    let features = try readFeatures(bytes)
    let (width, height) = (Int(features.width), Int(features.height))
    try options.checkSize(width: width, height: height)
    guard features.has_animation == 0 else { throw .unsupported("animated WebP") }
    let (icc, exif) = try metadata(bytes)
    let format: PixelFormat = features.has_alpha != 0 ? .rgba8 : .rgb8
    let bitmap = try decodeBitmap(
      width: width, height: height, format: format, iccProfile: icc, options: options
    ) { (pixels) throws(CodecError.Problem) in
      var config = WebPDecoderConfig()
      guard WebPInitDecoderConfig(&config) != 0 else { throw .io("libwebp version mismatch") }
      config.output.colorspace = format.hasAlpha ? MODE_RGBA : MODE_RGB
      config.output.is_external_memory = 1
      config.output.u.RGBA = WebPRGBABuffer(
        rgba: pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
        stride: Int32(width * format.bytesPerPixel), size: pixels.count)
      try check(
        WebPDecode(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &config))
    }
    return DecodedImage(
      bitmap: bitmap, format: .webp, orientation: exif.flatMap(Exif.orientation(in:)) ?? .up,
      iccProfile: icc, exif: exif, originalWidth: width, originalHeight: height,
      appliedScale: .full)
  }

  private static func readFeatures(_ bytes: UnsafeRawBufferPointer)
    throws(CodecError.Problem) -> WebPBitstreamFeatures
  {
    // The RIFF header states the file size; libwebp would decode a cut-off lossy image
    // partially, so a short file is caught here.
    guard bytes.count >= 12 else { throw .truncated }
    let riffSize = bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian
    guard Int(riffSize) + 8 <= bytes.count else { throw .truncated }
    var features = WebPBitstreamFeatures()
    try check(
      WebPGetFeatures(
        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &features))
    return features
  }

  /// The ICCP and EXIF chunks of an extended-format file.
  private static func metadata(_ bytes: UnsafeRawBufferPointer)
    throws(CodecError.Problem) -> (icc: Data?, exif: Data?)
  {
    var data = WebPData(
      bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
    guard let demuxer = WebPDemux(&data) else { throw .corrupt("invalid RIFF container") }
    defer { WebPDemuxDelete(demuxer) }
    func chunk(_ fourCC: String) -> Data? {
      var iterator = WebPChunkIterator()
      guard WebPDemuxGetChunk(demuxer, fourCC, 1, &iterator) != 0 else { return nil }
      defer { WebPDemuxReleaseChunkIterator(&iterator) }
      return Data(cBytes: iterator.chunk.bytes, count: iterator.chunk.size)
    }
    return (chunk("ICCP"), chunk("EXIF"))
  }

  private static func check(_ status: VP8StatusCode) throws(CodecError.Problem) {
    switch status {
    case VP8_STATUS_OK: return
    case VP8_STATUS_NOT_ENOUGH_DATA: throw .truncated
    case VP8_STATUS_UNSUPPORTED_FEATURE: throw .unsupported("a WebP feature libwebp cannot decode")
    case VP8_STATUS_OUT_OF_MEMORY: throw .io("out of memory")
    default: throw .corrupt("invalid WebP bitstream")
    }
  }
}
