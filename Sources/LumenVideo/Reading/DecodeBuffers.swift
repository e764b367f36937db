import CFFmpeg

/// The packet and the two frames a reader decodes into, allocated once and reused for every
/// frame of the movie (libavcodec recycles the pictures' memory from its own pool).
struct DecodeBuffers: ~Copyable {
  let packet: UnsafeMutablePointer<AVPacket>
  /// The next frame in presentation order, once decoded.
  private(set) var head: UnsafeMutablePointer<AVFrame>
  /// Where the frame after it is decoded (a frame's duration is the gap to the next one).
  private(set) var spare: UnsafeMutablePointer<AVFrame>

  init(path: String) throws(VideoError) {
    var packet = av_packet_alloc()
    var head = av_frame_alloc()
    var spare = av_frame_alloc()
    guard let packet, let head, let spare else {
      av_packet_free(&packet)
      av_frame_free(&head)
      av_frame_free(&spare)
      throw .ffmpeg(file: path, operation: "allocating decoding buffers", message: "out of memory")
    }
    self.packet = packet
    self.head = head
    self.spare = spare
  }

  /// Releases the head frame's picture and makes the spare the new head.
  mutating func advance() {
    av_frame_unref(head)
    swap(&head, &spare)
  }

  /// Releases both pictures (after a seek).
  func clear() {
    av_frame_unref(head)
    av_frame_unref(spare)
  }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = packet
    var head: UnsafeMutablePointer<AVFrame>? = head
    var spare: UnsafeMutablePointer<AVFrame>? = spare
    av_packet_free(&packet)
    av_frame_free(&head)
    av_frame_free(&spare)
  }
}
