import CFFmpeg

#if canImport(Glibc)
  import Glibc
#endif

/// An open movie file (libavformat) and the video stream chosen in it: reads that stream's
/// packets and seeks. Owned by one reader; FFmpeg's context lives as long as this value.
struct Demuxer: ~Copyable {
  let path: String
  let context: UnsafeMutablePointer<AVFormatContext>
  let stream: UnsafeMutablePointer<AVStream>
  /// The file's size in bytes.
  let fileSize: Int

  /// Opens `path` and chooses its video stream; throws a ``VideoError`` that says why a file
  /// cannot be used (missing, truncated, not a movie, corrupt, no video).
  init(path: String) throws(VideoError) {
    let file = try MovieFile(path: path)
    try file.checkCompleteness()
    var opened: UnsafeMutablePointer<AVFormatContext>?
    _ = FFmpegLibraries.quietUnlessSet
    let code = avformat_open_input(&opened, path, nil, nil)
    guard code >= 0, let context = opened else {
      if code == lumen_averror(ENOENT) { throw .fileNotFound(file: path) }
      if code == FFmpegCode.invalidData {
        guard let format = file.probedFormat() else { throw .notAMovie(file: path) }
        throw .corrupt(
          file: path,
          detail: "FFmpeg's \(String(cString: format.pointee.long_name)) reader rejects it "
            + "(\(FFmpegCode.message(code)))")
      }
      throw .ffmpeg(file: path, operation: "opening the file", message: FFmpegCode.message(code))
    }
    var owned: UnsafeMutablePointer<AVFormatContext>? = context
    do {
      try ReaderCall.check(
        avformat_find_stream_info(context, nil), file: path, "reading the stream headers")
      self.stream = try Self.videoStream(in: context, path: path)
    } catch {
      avformat_close_input(&owned)
      throw error
    }
    self.path = path
    self.context = context
    self.fileSize = file.size
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFormatContext>? = context
    avformat_close_input(&owned)
  }

  var index: Int32 { stream.pointee.index }
  var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }

  /// Tells the demuxer to drop the packets of every other stream as it reads.
  func ignoreOtherStreams() {
    for other in streams where other != stream { other.pointee.discard = AVDISCARD_ALL }
  }

  /// The file's streams.
  var streams: [UnsafeMutablePointer<AVStream>] {
    (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
  }

  /// Reads the next packet of the video stream into `packet`; false at the end of the file.
  func readPacket(into packet: UnsafeMutablePointer<AVPacket>) throws(VideoError) -> Bool {
    while true {
      let code = av_read_frame(context, packet)
      if code == FFmpegCode.endOfFile { return false }
      guard code >= 0 else {
        let position = context.pointee.pb.map { Int(avio_tell($0)) } ?? 0
        if position >= fileSize || context.pointee.pb.map({ avio_feof($0) != 0 }) == true {
          throw .truncated(
            file: path, detail: "the data ends at byte \(fileSize) in the middle of a frame")
        }
        throw ReaderCall.error(code, file: path, "reading a packet at byte \(position)")
      }
      if packet.pointee.stream_index == index { return true }
      av_packet_unref(packet)
    }
  }

  /// Moves to the last keyframe at or before `timestamp` (in the stream's ticks).
  func seek(toKeyframeBefore timestamp: Int64) throws(VideoError) {
    let code = av_seek_frame(context, index, timestamp, AVSEEK_FLAG_BACKWARD)
    guard code < 0 else { return }
    let clock = StreamClock(stream)
    let operation = String(format: "seeking to %.3f s", clock.time(of: timestamp).seconds)
    // Demuxers that cannot seek return a bare -1, which reads as EPERM ("Operation not
    // permitted"): the file is not at fault for permissions, its format lacks an index.
    guard code != lumen_averror(EPERM) else {
      let reader = context.pointee.iformat.pointee.long_name.map { String(cString: $0) } ?? "this"
      throw .ffmpeg(
        file: path, operation: operation,
        message: "FFmpeg's \(reader) reader cannot seek in this file (it has no index)")
    }
    throw ReaderCall.error(code, file: path, operation)
  }

  /// The decode timestamp of the last indexed keyframe at or before `timestamp`, when the
  /// container indexes keyframes (MP4 sample tables, Matroska cues).
  func indexedKeyframe(atOrBefore timestamp: Int64) -> Int64? {
    let position = av_index_search_timestamp(stream, timestamp, AVSEEK_FLAG_BACKWARD)
    guard position >= 0, let entry = avformat_index_get_entry(stream, position) else {
      return nil
    }
    return entry.pointee.timestamp
  }

  /// The video stream Lumen decodes: the default one among real video streams (cover art
  /// and thumbnails are pictures, not video), else the largest.
  private static func videoStream(
    in context: UnsafeMutablePointer<AVFormatContext>, path: String
  ) throws(VideoError) -> UnsafeMutablePointer<AVStream> {
    let streams = (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
    // A movie without any stream is one whose header FFmpeg could not make sense of.
    guard !streams.isEmpty else {
      throw .corrupt(file: path, detail: "its header describes no streams")
    }
    let video = streams.filter {
      $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
        && $0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
    }
    func area(_ stream: UnsafeMutablePointer<AVStream>) -> Int {
      Int(stream.pointee.codecpar.pointee.width) * Int(stream.pointee.codecpar.pointee.height)
    }
    guard
      let chosen = video.first(where: { $0.pointee.disposition & AV_DISPOSITION_DEFAULT != 0 })
        ?? video.max(by: { area($0) < area($1) })
    else {
      throw .noVideoStream(file: path, detail: StreamSummary(streams).description)
    }
    let parameters = chosen.pointee.codecpar.pointee
    guard avcodec_find_decoder(parameters.codec_id) != nil else {
      throw .unsupportedCodec(file: path, codec: StreamSummary.codecName(of: chosen))
    }
    return chosen
  }
}

/// What a file holds instead of video, for ``VideoError/noVideoStream(file:detail:)``:
/// "it holds 1 audio stream (aac)", "it holds 1 audio stream (mp3) and 1 cover picture (mjpeg)".
struct StreamSummary: CustomStringConvertible {
  let streams: [UnsafeMutablePointer<AVStream>]

  init(_ streams: [UnsafeMutablePointer<AVStream>]) { self.streams = streams }

  var description: String {
    let groups = Dictionary(grouping: streams) { stream -> String in
      let parameters = stream.pointee.codecpar.pointee
      if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { return "cover picture" }
      return av_get_media_type_string(parameters.codec_type).map { String(cString: $0) }
        ?? "unknown"
    }
    let parts = groups.keys.sorted().map { kind -> String in
      let members = groups[kind] ?? []
      let codecs = members.map(Self.codecName).joined(separator: ", ")
      let noun = kind == "cover picture" ? kind : "\(kind) stream"
      return "\(members.count) \(noun)\(members.count == 1 ? "" : "s") (\(codecs))"
    }
    return "it holds " + parts.joined(separator: " and ")
  }

  /// FFmpeg's short codec name, or the container's four-character code for a codec FFmpeg
  /// does not know at all.
  static func codecName(of stream: UnsafeMutablePointer<AVStream>) -> String {
    let parameters = stream.pointee.codecpar.pointee
    if parameters.codec_id != AV_CODEC_ID_NONE {
      return String(cString: avcodec_get_name(parameters.codec_id))
    }
    let tag = parameters.codec_tag
    guard tag != 0 else { return "an unknown codec" }
    let characters = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * UInt32($0))) }
    let printable = characters.allSatisfy { (0x20...0x7e).contains($0) }
    return printable
      ? "an unknown codec '\(String(decoding: characters, as: UTF8.self))'"
      : "an unknown codec (tag 0x\(String(tag, radix: 16)))"
  }
}
