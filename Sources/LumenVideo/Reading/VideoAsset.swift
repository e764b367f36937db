import CFFmpeg
import Foundation

/// A movie file, opened to learn what it holds: the usual way into Lumen's video side.
///
/// ```swift
/// let movie = try VideoAsset(contentsOf: url)
/// print(movie.info.duration.seconds, movie.info.video.displayWidth)
/// let poster = try movie.frame(at: 0.5).image        // upright, ready for filters
/// ```
///
/// Opening reads the headers only. Frames come from a ``VideoFrameReader``, which keeps its
/// decoder between calls: make one with ``makeReader(decoderThreads:)`` to read every frame
/// or to scrub.
public struct VideoAsset: Sendable {
  public let url: URL
  public let info: VideoInfo

  /// Opens the movie at `url` and reads what its headers say. Throws a ``VideoError`` naming
  /// the file when it is missing, not a movie, corrupt, truncated, without video, or in a
  /// codec this system cannot decode.
  public init(contentsOf url: URL) throws(VideoError) {
    let demuxer = try Demuxer(path: url.path)
    self.url = url
    self.info = try VideoInfo(checking: demuxer, file: url.path)
  }

  /// A reader of this movie's frames. `decoderThreads` 0 uses one thread per core.
  public func makeReader(decoderThreads: Int = 0) throws(VideoError) -> VideoFrameReader {
    try VideoFrameReader(contentsOf: url, decoderThreads: decoderThreads)
  }

  /// The frame shown at `fraction` of the duration (0 the first frame, 1 the last).
  public func frame(at fraction: Double) throws(VideoError) -> VideoFrame {
    try makeReader().frame(at: fraction)
  }

  /// The frame shown at `seconds` from the start.
  public func frame(atSeconds seconds: Double) throws(VideoError) -> VideoFrame {
    try makeReader().frame(atSeconds: seconds)
  }

  /// The exact number of frames, by reading every packet of the video stream without
  /// decoding (one packet per frame in MP4, MOV, Matroska and WebM). Costs a pass over the
  /// file; ``VideoStreamInfo/frameCount`` is free and exact for MP4 and MOV.
  public func countFrames() throws(VideoError) -> Int {
    let demuxer = try Demuxer(path: url.path)
    demuxer.ignoreOtherStreams()
    let buffers = try DecodeBuffers(path: url.path)
    var count = 0
    while try demuxer.readPacket(into: buffers.packet) {
      if buffers.packet.pointee.flags & AV_PKT_FLAG_DISCARD == 0 { count += 1 }
      av_packet_unref(buffers.packet)
    }
    return count
  }
}
