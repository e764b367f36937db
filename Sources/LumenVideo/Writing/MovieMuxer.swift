import CFFmpeg

/// An MP4, MOV, Matroska or WebM file being written by libavformat: streams are added, the
/// header is written once they are all described, packets are interleaved by time, and (MP4,
/// MOV) the trailer moves the index (`moov`) in front of the media data (faststart), so that
/// players and browsers can start playing before the whole file has arrived. Matroska and
/// WebM keep their index where it streams anyway.
final class MovieMuxer {
  private var context: UnsafeMutablePointer<AVFormatContext>?
  private let file: String
  private let container: VideoEncodeSettings.Container
  private var headerWritten = false

  /// Opens `path` (an existing temporary file) for writing as `container`.
  init(path: String, container: VideoEncodeSettings.Container, file: String)
    throws(VideoWriterError)
  {
    self.file = file
    var context: UnsafeMutablePointer<AVFormatContext>?
    _ = FFmpegLibraries.quietUnlessSet
    let status = avformat_alloc_output_context2(&context, nil, container.muxerName, path)
    guard status >= 0, let context else {
      throw .encoderUnavailable("\(container.muxerName) muxer")
    }
    self.context = context
    self.container = container
    try WriterCall.check(
      avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), file: file, "opening the output")
  }

  deinit {
    if let context {
      avio_closep(&context.pointee.pb)
      avformat_free_context(context)
    }
  }

  /// Whether streams must carry their codec headers out of band (MP4 and MOV do).
  var needsGlobalHeaders: Bool {
    guard let format = context?.pointee.oformat else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Whether the container can carry `codec` (for audio that is copied, not re-encoded).
  func accepts(_ codec: AVCodecID) -> Bool {
    guard let format = context?.pointee.oformat else { return false }
    return avformat_query_codec(format, codec, FF_COMPLIANCE_NORMAL) == 1
  }

  /// Adds a stream; the caller describes it through `codecpar` before ``writeHeader()``.
  func addStream() throws(VideoWriterError) -> UnsafeMutablePointer<AVStream> {
    guard let stream = avformat_new_stream(context, nil) else {
      throw .ffmpeg(file: file, operation: "adding a stream", message: "no memory")
    }
    return stream
  }

  /// Writes the header with the file-level `tags` (``MovieMetadata``).
  func writeHeader(tags: [String: String]) throws(VideoWriterError) {
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    if container == .mp4 || container == .mov {
      // Apple's keys (com.apple.quicktime.*) exist only in the `mdta` metadata box.
      let appleKeys = tags.keys.contains { $0.hasPrefix("com.apple.quicktime.") }
      av_dict_set(&options, "movflags", "+faststart" + (appleKeys ? "+use_metadata_tags" : ""), 0)
    }
    if let context {
      for (key, value) in tags.sorted(by: { $0.key < $1.key }) {
        av_dict_set(&context.pointee.metadata, key, value, 0)
      }
    }
    try WriterCall.check(
      avformat_write_header(context, &options), file: file, "writing the file header")
    headerWritten = true
  }

  /// The time base the muxer chose for `stream` (known after ``writeHeader()``).
  func timeBase(of stream: Int32) -> AVRational {
    context?.pointee.streams[Int(stream)]?.pointee.time_base ?? AVRational(num: 1, den: 1)
  }

  /// Writes `packet` (times in `timeBase`) to `stream`, taking its reference.
  func write(
    _ packet: UnsafeMutablePointer<AVPacket>, stream: Int32, timeBase: AVRational
  ) throws(VideoWriterError) {
    packet.pointee.stream_index = stream
    av_packet_rescale_ts(packet, timeBase, self.timeBase(of: stream))
    try WriterCall.check(
      av_interleaved_write_frame(context, packet), file: file, "writing a packet")
  }

  /// Flushes the interleaving queue, writes the index in front and closes the file.
  func finish() throws(VideoWriterError) {
    guard let context, headerWritten else { return }
    try WriterCall.check(av_write_trailer(context), file: file, "writing the file index")
    try WriterCall.check(avio_closep(&context.pointee.pb), file: file, "closing the output")
  }
}

extension VideoEncodeSettings.Container {
  /// libavformat's name for the container's muxer.
  var muxerName: String {
    switch self {
    case .mp4, .mov, .webm: rawValue
    case .mkv: "matroska"
    }
  }
}
