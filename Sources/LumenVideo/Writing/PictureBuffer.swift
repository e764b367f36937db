import CFFmpeg

/// An `AVFrame` with its own YUV planes, freed with the object; the writer converts each
/// bitmap into one and reuses it for later frames.
final class PictureBuffer {
  private(set) var frame: UnsafeMutablePointer<AVFrame>?

  init(width: Int, height: Int, format: AVPixelFormat, file: String) throws(VideoWriterError) {
    guard let frame = av_frame_alloc() else {
      throw .ffmpeg(file: file, operation: "allocating a frame", message: "no memory")
    }
    self.frame = frame
    frame.pointee.format = format.rawValue
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    try WriterCall.check(av_frame_get_buffer(frame, 0), file: file, "allocating a frame")
  }

  deinit { av_frame_free(&frame) }
}

/// An `AVPacket`, freed with the object.
final class PacketBuffer {
  private(set) var packet: UnsafeMutablePointer<AVPacket>?

  init(file: String) throws(VideoWriterError) {
    guard let packet = av_packet_alloc() else {
      throw .ffmpeg(file: file, operation: "allocating a packet", message: "no memory")
    }
    self.packet = packet
  }

  deinit { av_packet_free(&packet) }
}
