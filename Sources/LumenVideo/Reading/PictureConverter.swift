import CFFmpeg
import LumenCore

/// Turns decoded pictures into RGB bitmaps with libswscale: the matrix and range each frame
/// is tagged with (the size's guess when untagged), 8-bit RGB for 8-bit video and 16-bit RGB
/// for deeper video. The scaler is kept while frames keep their size and layout, so a frame
/// costs one bitmap allocation and one conversion pass.
///
/// Chroma is upsampled as the `ffmpeg` program does by default (libswscale's unscaled,
/// vectorised path: each chroma sample covers its 2x2 luma block), which converts a 4K
/// frame in a few milliseconds on one core; filtered upsampling costs six times as much.
struct PictureConverter: ~Copyable {
  private var scaler: OpaquePointer?
  private var key: Key?
  private let path: String

  private struct Key: Equatable {
    var width: Int32
    var height: Int32
    var source: AVPixelFormat
    var target: AVPixelFormat
    var encoding: YCbCrEncoding
  }

  init(path: String) { self.path = path }

  deinit { sws_freeContext(scaler) }

  /// The frame's pixels as stored (not yet turned upright), sRGB-encoded.
  mutating func bitmap(of frame: UnsafePointer<AVFrame>) throws(VideoError) -> Bitmap {
    let picture = frame.pointee
    let decoded = AVPixelFormat(rawValue: picture.format)
    let source = Self.withoutRangeAlias(decoded)
    let deep = (av_pix_fmt_desc_get(decoded).map { $0.pointee.comp.0.depth } ?? 8) > 8
    let key = Key(
      width: picture.width, height: picture.height, source: source,
      target: deep ? lumen_read_pix_fmt_rgb48() : AV_PIX_FMT_RGB24,
      encoding: YCbCrEncoding(
        space: picture.colorspace, range: picture.color_range, width: Int(picture.width),
        height: Int(picture.height), format: decoded))
    let scaler = try self.scaler(for: key)
    var status: Int32 = 0
    let bitmap = Bitmap(
      width: Int(picture.width), height: Int(picture.height), format: deep ? .rgb16 : .rgb8
    ) { pixels in
      status = lumen_read_scale_frame(
        scaler, frame, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
        picture.width * (deep ? 6 : 3))
    }
    try ReaderCall.check(status, file: path, "converting a frame to RGB")
    return bitmap
  }

  /// The scaler for `key`, made when the first frame or a change of size, layout or tags
  /// calls for it.
  private mutating func scaler(for key: Key) throws(VideoError) -> OpaquePointer {
    if let scaler, self.key == key { return scaler }
    sws_freeContext(scaler)
    scaler = nil
    self.key = nil
    guard
      let made = sws_getContext(
        key.width, key.height, key.source, key.width, key.height, key.target, SWS_BICUBIC,
        nil, nil, nil)
    else {
      throw .ffmpeg(
        file: path, operation: "converting \(Self.name(key.source)) pictures to RGB",
        message: "libswscale does not support this pixel format")
    }
    if key.encoding.isYCbCr {
      let coefficients = sws_getCoefficients(key.encoding.matrix.swscaleColorspace)
      sws_setColorspaceDetails(
        made, coefficients, key.encoding.range == .full ? 1 : 0,
        sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
    }
    scaler = made
    self.key = key
    return made
  }

  /// The deprecated "J" layouts are their plain twins at full range (the range travels in the
  /// encoding); libswscale warns about the aliases.
  static func withoutRangeAlias(_ format: AVPixelFormat) -> AVPixelFormat {
    switch format {
    case AV_PIX_FMT_YUVJ420P: AV_PIX_FMT_YUV420P
    case AV_PIX_FMT_YUVJ422P: AV_PIX_FMT_YUV422P
    case AV_PIX_FMT_YUVJ444P: AV_PIX_FMT_YUV444P
    case AV_PIX_FMT_YUVJ440P: AV_PIX_FMT_YUV440P
    case AV_PIX_FMT_YUVJ411P: AV_PIX_FMT_YUV411P
    default: format
    }
  }

  private static func name(_ format: AVPixelFormat) -> String {
    av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"
  }
}
