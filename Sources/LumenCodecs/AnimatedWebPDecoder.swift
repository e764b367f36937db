import CWebP
import LumenCore

/// Reads animated WebP files with libwebp's animation decoder, which composes every frame on
/// the canvas (blending and disposal as the format defines them). The canvas size is checked
/// from the header before the decoder allocates its own two canvases.
enum AnimatedWebPDecoder {
  static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions)
    throws(CodecError.Problem) -> AnimatedImage.Decoded
  {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      throw .truncated
    }
    var features = WebPBitstreamFeatures()
    guard WebPGetFeatures(base, bytes.count, &features) == VP8_STATUS_OK else {
      throw .corrupt("an invalid WebP header")
    }
    let (width, height) = (Int(features.width), Int(features.height))
    try options.checkSize(width: width, height: height)
    try options.checkMemory(width * height * 4 * 2, for: "the animation's canvases")

    var data = WebPData(bytes: base, size: bytes.count)
    var settings = WebPAnimDecoderOptions()
    guard WebPAnimDecoderOptionsInit(&settings) != 0 else {
      throw .io("libwebp version mismatch")
    }
    settings.color_mode = MODE_RGBA
    settings.use_threads = 0
    guard let decoder = WebPAnimDecoderNew(&data, &settings) else {
      throw .corrupt("an invalid animation")
    }
    defer { WebPAnimDecoderDelete(decoder) }
    var info = WebPAnimInfo()
    guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
      Int(info.canvas_width) == width, Int(info.canvas_height) == height
    else { throw .corrupt("an invalid animation header") }

    var frames: [AnimatedImage.Frame] = []
    var end = 0
    while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
      try AnimatedImage.Decoded.checkRoom(
        forFrame: frames.count, width: width, height: height, options: options)
      var pixels: UnsafeMutablePointer<UInt8>?
      var timestamp: Int32 = 0
      guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
        throw .corrupt("frame \(frames.count + 1) cannot be decoded")
      }
      // Timestamps are the frames' ends, in milliseconds.
      let start = end
      end = max(start, Int(timestamp))
      let bitmap = Bitmap(width: width, height: height, format: .rgba8) {
        $0.copyMemory(from: UnsafeRawBufferPointer(start: pixels, count: width * height * 4))
      }
      frames.append(
        AnimatedImage.Frame(
          start: Double(start) / 1000, duration: Double(end - start) / 1000, bitmap: bitmap))
    }
    guard !frames.isEmpty else { throw .corrupt("the animation has no frame") }
    let loops = Int(info.loop_count)
    return AnimatedImage.Decoded(
      width: width, height: height, frames: frames, loopCount: loops == 0 ? nil : loops)
  }
}
