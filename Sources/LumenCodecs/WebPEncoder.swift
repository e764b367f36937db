import CWebP
import Foundation
import LumenCore

/// Encodes WebP with libwebp, lossy or lossless. libwebp takes a whole picture, so rows are
/// collected first; ICC and EXIF chunks are added with the muxer.
final class WebPEncoder: FormatEncoder {
  let inputFormat: PixelFormat
  private let setup: EncoderSetup
  private var frame: FrameBuffer

  init(_ setup: EncoderSetup) throws(CodecError.Problem) {
    let limit = Int(WEBP_MAX_DIMENSION)
    guard setup.width <= limit, setup.height <= limit else {
      throw .unsupported("WebP images are at most \(limit) pixels wide and high")
    }
    self.setup = setup
    inputFormat = setup.hasAlpha ? .rgba8 : .rgb8
    frame = FrameBuffer(width: setup.width, height: setup.height, format: inputFormat)
  }

  func write(row: UnsafeRawPointer) throws(CodecError.Problem) {
    frame.append(row)
  }

  func finish() throws(CodecError.Problem) {
    var data = try encode()
    defer { WebPDataClear(&data) }
    if setup.iccProfile != nil || setup.exif != nil {
      var muxed = try addChunks(to: data)
      defer { WebPDataClear(&muxed) }
      try CodecError.Problem.io { () throws(FileError) in
        try setup.file.write(UnsafeRawBufferPointer(start: muxed.bytes, count: muxed.size))
      }
    } else {
      try CodecError.Problem.io { () throws(FileError) in
        try setup.file.write(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
      }
    }
  }

  /// The bare WebP bitstream, in memory owned by libwebp.
  private func encode() throws(CodecError.Problem) -> WebPData {
    var config = WebPConfig()
    var picture = WebPPicture()
    guard WebPConfigInit(&config) != 0, WebPPictureInit(&picture) != 0 else {
      throw .io("libwebp version mismatch")
    }
    config.quality = Float(setup.options.clampedQuality)
    if setup.options.favorsSpeed {
      // libwebp's fastest method, its analysis on a second thread.
      config.method = 0
      config.thread_level = 1
    }
    config.lossless = setup.options.lossless ? 1 : 0
    // Lossless means lossless: keep the colour of fully transparent pixels too.
    config.exact = setup.options.lossless ? 1 : 0
    picture.use_argb = config.lossless
    picture.width = Int32(setup.width)
    picture.height = Int32(setup.height)
    defer { WebPPictureFree(&picture) }
    let stride = Int32(frame.rowBytes)
    let imported = frame.bytes.withUnsafeBufferPointer {
      inputFormat.hasAlpha
        ? WebPPictureImportRGBA(&picture, $0.baseAddress, stride)
        : WebPPictureImportRGB(&picture, $0.baseAddress, stride)
    }
    guard imported != 0 else { throw .io("out of memory") }
    var writer = WebPMemoryWriter()
    WebPMemoryWriterInit(&writer)
    picture.writer = WebPMemoryWrite
    let encoded = withUnsafeMutablePointer(to: &writer) { pointer in
      picture.custom_ptr = UnsafeMutableRawPointer(pointer)
      return WebPEncode(&config, &picture)
    }
    guard encoded != 0 else {
      WebPMemoryWriterClear(&writer)
      throw .io("libwebp could not encode the image (error \(picture.error_code.rawValue))")
    }
    return WebPData(bytes: writer.mem, size: writer.size)
  }

  /// The bitstream wrapped in an extended container with ICCP and EXIF chunks.
  private func addChunks(to bitstream: WebPData) throws(CodecError.Problem) -> WebPData {
    var bitstream = bitstream
    guard let mux = WebPMuxCreate(&bitstream, 0) else { throw .io("out of memory") }
    defer { WebPMuxDelete(mux) }
    for (fourCC, payload) in [("ICCP", setup.iccProfile), ("EXIF", setup.exif)] {
      guard let payload else { continue }
      let status = payload.withUnsafeBytes { bytes in
        var chunk = WebPData(
          bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        return WebPMuxSetChunk(mux, fourCC, &chunk, 1)
      }
      guard status == WEBP_MUX_OK else { throw .io("cannot add the \(fourCC) chunk") }
    }
    var assembled = WebPData()
    guard WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK else {
      throw .io("cannot assemble the WebP container")
    }
    return assembled
  }
}
