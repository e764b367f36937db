import CFFmpeg

/// Where the writer's audio packets come from: copied from a file, or encoded from a mix. The
/// writer pulls packets as the video advances, so the file interleaves sound and picture.
protocol AudioPacketSource: AnyObject {
  /// Describes the output stream's codec before the file header is written.
  func describe(_ stream: UnsafeMutablePointer<AVStream>, for muxer: MovieMuxer)
    throws(VideoWriterError)
  /// The unit of the packets' timestamps.
  var timeBase: AVRational { get }
  /// Fills `packet` with the next packet in decoding order; false when there are no more.
  func next(into packet: UnsafeMutablePointer<AVPacket>) throws(VideoWriterError) -> Bool
}
