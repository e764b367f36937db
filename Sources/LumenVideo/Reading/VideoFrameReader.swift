import CFFmpeg
import Foundation
import LumenCore

/// Decodes the frames of a movie's video stream: one after another in presentation order
/// (``next()``), or the exact frame shown at a moment (``frame(atSeconds:)``, ``frame(at:)``).
///
/// A reader decodes on several threads inside libavcodec but is itself used from one thread
/// at a time; the ``VideoFrame``s it returns are values that any thread may take. A pipeline
/// makes the reader on its decoding thread and hands the frames on:
///
/// ```swift
/// let reader = try VideoFrameReader(contentsOf: movie)
/// while let frame = try reader.next() {
///   queue.put(frame)  // edited and encoded on other threads
/// }
/// ```
///
/// Each frame costs one bitmap; the packet, the decoded pictures and the colour converter are
/// reused. Frame times are the file's own, so variable frame rates stay as they were.
public final class VideoFrameReader {
  /// What the file says about itself.
  public let info: VideoInfo
  /// The file, as errors name it.
  private let path: String
  private let demuxer: Demuxer
  private let decoder: FrameDecoder
  private var buffers: DecodeBuffers
  private var converter: PictureConverter
  private let clock: StreamClock
  /// Ticks a frame lasts when nothing else says (from the average frame rate).
  private let typicalFrameTicks: Int64

  /// The timestamp of `buffers.head`, when it holds a decoded frame.
  private var headTimestamp: Int64?
  /// The timestamp of the last frame decoded, for frames that arrive without one.
  private var lastTimestamp: Int64?
  /// The decode timestamp of the last packet read: how far into the file the decoder is.
  private var lastPacketTimestamp: Int64?
  /// The latest presentation timestamp among the packets read since the last seek.
  private var latestPacketTimestamp: Int64?
  /// While looking for the frame at a time: that time, in ticks.
  private var target: Int64?
  private var inputEnded = false
  private var hasDecodedAnyFrame = false

  /// Opens the movie at `url`. `decoderThreads` 0 uses one thread per core.
  public init(contentsOf url: URL, decoderThreads: Int = 0) throws(VideoError) {
    let demuxer = try Demuxer(path: url.path)
    demuxer.ignoreOtherStreams()
    info = try VideoInfo(checking: demuxer, file: url.path)
    path = url.path
    decoder = try FrameDecoder(
      parameters: demuxer.parameters, timeBase: demuxer.stream.pointee.time_base,
      threads: decoderThreads, path: url.path)
    buffers = try DecodeBuffers(path: url.path)
    converter = PictureConverter(path: url.path)
    let clock = StreamClock(demuxer.stream)
    let rate = info.video.averageFrameRate ?? info.video.nominalFrameRate
    typicalFrameTicks = rate.map { clock.ticks(perFrameAt: $0) } ?? 1
    self.clock = clock
    self.demuxer = demuxer
  }

  /// The next frame in presentation order; nil after the last.
  public func next() throws(VideoError) -> VideoFrame? {
    if headTimestamp == nil { headTimestamp = try decode(into: buffers.head) }
    guard let timestamp = headTimestamp else { return nil }
    let following = try decode(into: buffers.spare)
    let frame = try deliver(timestamp: timestamp, following: following)
    buffers.advance()
    headTimestamp = following
    return frame
  }

  /// The frame shown at `fraction` of the video's duration (0 the first frame, 1 the last).
  public func frame(at fraction: Double) throws(VideoError) -> VideoFrame {
    let duration = info.duration.seconds
    guard (0...1).contains(fraction) else {
      throw .timeOutOfRange(file: info.file, seconds: fraction * duration, duration: duration)
    }
    return try frame(atSeconds: fraction * duration)
  }

  /// The frame shown at `seconds` from the start of the video: the one whose span (from its
  /// time to the next frame's) contains that moment; at the very end, the last frame.
  ///
  /// Seeks to the keyframe before the moment and decodes forward, unless the moment lies
  /// ahead in the part of the file the decoder is already in (scrubbing forward then costs
  /// only the frames in between). ``next()`` continues after the frame returned.
  public func frame(atSeconds seconds: Double) throws(VideoError) -> VideoFrame {
    let duration = info.duration.seconds
    guard seconds >= 0, seconds <= duration || (duration == 0 && seconds.isFinite) else {
      throw .timeOutOfRange(file: info.file, seconds: seconds, duration: duration)
    }
    return try frame(atTimestamp: clock.timestamp(at: seconds))
  }

  private func frame(atTimestamp target: Int64) throws(VideoError) -> VideoFrame {
    self.target = target
    defer { self.target = nil }
    var seekTarget: Int64? = nil
    if let head = headTimestamp, head <= target, decodingReaches(target) {
      // Already in the right stretch of the file: decode on.
    } else {
      seekTarget = target
      try seek(toKeyframeBefore: target)
    }
    var backoff = clock.ticks(inSeconds: 1)
    while true {
      if headTimestamp == nil { headTimestamp = try decode(into: buffers.head) }
      // A seek can land after the target when keyframes are indexed by decode time, or past
      // the last frame: step back further until a frame at or before the target decodes.
      if let landed = seekTarget, landed > clock.start,
        headTimestamp.map({ $0 > target }) ?? true
      {
        let earlier = backoff < landed &- clock.start ? landed - backoff : clock.start
        seekTarget = earlier
        backoff = backoff < Int64.max / 2 ? backoff * 2 : backoff
        try seek(toKeyframeBefore: earlier)
        continue
      }
      seekTarget = nil
      guard let timestamp = headTimestamp else {
        throw .corrupt(file: info.file, detail: "no frame could be decoded")
      }
      let following = try decode(into: buffers.spare)
      if let following, following <= target {
        buffers.advance()
        headTimestamp = following
        continue
      }
      let frame = try deliver(timestamp: timestamp, following: following)
      buffers.advance()
      headTimestamp = following
      return frame
    }
  }

  /// Whether decoding on from here reaches `target` without passing a keyframe that a seek
  /// would have jumped to (then decoding on is the cheaper way).
  private func decodingReaches(_ target: Int64) -> Bool {
    guard let position = lastPacketTimestamp,
      let keyframe = demuxer.indexedKeyframe(atOrBefore: target)
    else { return false }
    return keyframe <= position
  }

  private func seek(toKeyframeBefore target: Int64) throws(VideoError) {
    try demuxer.seek(toKeyframeBefore: target)
    decoder.flush()
    buffers.clear()
    headTimestamp = nil
    lastTimestamp = nil
    lastPacketTimestamp = nil
    latestPacketTimestamp = nil
    inputEnded = false
  }

  /// Decodes the next frame in presentation order into `frame` and returns its timestamp;
  /// nil when the stream has ended.
  private func decode(into frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> Int64? {
    while true {
      switch try decoder.receive(into: frame) {
      case .frame:
        hasDecodedAnyFrame = true
        let timestamp = Self.timestamp(of: frame) ?? lastTimestamp.map { $0 &+ typicalFrameTicks }
        lastTimestamp = timestamp ?? clock.start
        return lastTimestamp
      case .damaged:
        continue
      case .finished:
        guard hasDecodedAnyFrame else {
          throw .corrupt(file: info.file, detail: "no frame of the video could be decoded")
        }
        return nil
      case .needsInput:
        try feedDecoder()
      }
    }
  }

  /// Gives the decoder the next packet, or tells it the stream has ended.
  private func feedDecoder() throws(VideoError) {
    guard !inputEnded else { return }
    let packet = buffers.packet
    guard try demuxer.readPacket(into: packet) else {
      inputEnded = true
      _ = try decoder.send(nil)
      return
    }
    let pts = packet.pointee.pts
    let dts = packet.pointee.dts
    lastPacketTimestamp = dts != FFmpegCode.noTimestamp ? dts : pts
    decoder.skipsNonReferenceFrames = isPassedOver(pts)
    if pts != FFmpegCode.noTimestamp, packet.pointee.flags & AV_PKT_FLAG_DISCARD == 0 {
      latestPacketTimestamp = max(latestPacketTimestamp ?? pts, pts)
    }
    _ = try decoder.send(packet)
    av_packet_unref(packet)
  }

  /// Whether the frame of a packet shown at `pts` cannot be the frame at the target, because
  /// a packet already read (with B-frames, a later frame arrives first) is shown after it and
  /// still at or before the target. Such frames need decoding only if other frames refer to
  /// them, so a seek skips the rest: with B-frames, a good share of a long group of pictures.
  private func isPassedOver(_ pts: Int64) -> Bool {
    guard let target, let latest = latestPacketTimestamp, pts != FFmpegCode.noTimestamp else {
      return false
    }
    return pts < latest && latest <= target
  }

  /// Converts the head frame, which lasts until `following` (the next frame's timestamp).
  private func deliver(timestamp: Int64, following: Int64?) throws(VideoError) -> VideoFrame {
    let picture = buffers.head
    // Every later step sizes its buffers from the stream's header: a picture of another size
    // (a forged or spliced stream changing resolution) is refused, not passed on.
    guard Int(picture.pointee.width) == info.video.width,
      Int(picture.pointee.height) == info.video.height
    else {
      throw .corrupt(
        file: path,
        detail: "a \(picture.pointee.width)x\(picture.pointee.height) picture in a stream "
          + "declared \(info.video.width)x\(info.video.height)")
    }
    var ticks = following.map { $0 &- timestamp } ?? 0
    if ticks <= 0 { ticks = picture.pointee.pkt_duration > 0 ? picture.pointee.pkt_duration : 0 }
    if ticks <= 0 { ticks = typicalFrameTicks }
    return VideoFrame(
      bitmap: try converter.bitmap(of: picture), orientation: info.video.orientation,
      time: clock.time(of: timestamp), duration: clock.span(ticks), timestamp: timestamp,
      isKeyframe: picture.pointee.key_frame != 0)
  }

  /// The frame's presentation timestamp as libavcodec best knows it.
  private static func timestamp(of frame: UnsafeMutablePointer<AVFrame>) -> Int64? {
    let best = frame.pointee.best_effort_timestamp
    if best != FFmpegCode.noTimestamp { return best }
    let pts = frame.pointee.pts
    return pts != FFmpegCode.noTimestamp ? pts : nil
  }
}
