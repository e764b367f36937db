import CFFmpeg

/// A libavcodec decoder for one video stream, decoding on several threads.
struct FrameDecoder: ~Copyable {
  let context: UnsafeMutablePointer<AVCodecContext>
  private let path: String

  /// What a call to ``receive(into:)`` produced.
  enum Output {
    case frame
    case needsInput
    /// The decoder dropped a damaged frame; decoding goes on.
    case damaged
    case finished
  }

  /// A decoder for the stream described by `parameters`. `threads` 0 lets libavcodec use one
  /// thread per core; it decodes several frames at once (frame threading) where the codec
  /// allows and splits frames into slices otherwise.
  init(
    parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational, threads: Int, path: String
  ) throws(VideoError) {
    guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
      throw .unsupportedCodec(
        file: path, codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
    }
    guard let context = avcodec_alloc_context3(codec) else {
      throw .ffmpeg(file: path, operation: "allocating a decoder", message: "out of memory")
    }
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    do {
      try ReaderCall.check(
        avcodec_parameters_to_context(context, parameters), file: path, "configuring the decoder")
      context.pointee.pkt_timebase = timeBase
      context.pointee.thread_count = Int32(clamping: max(0, threads))
      context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
      try ReaderCall.check(
        avcodec_open2(context, codec, nil), file: path,
        "opening the \(String(cString: codec.pointee.name)) decoder")
    } catch {
      avcodec_free_context(&owned)
      throw error
    }
    self.context = context
    self.path = path
  }

  deinit {
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&owned)
  }

  /// Hands a packet to the decoder, or nil to say the stream has ended. Returns false when the
  /// packet held damaged data that the decoder rejected (decoding goes on, as players do).
  func send(_ packet: UnsafePointer<AVPacket>?) throws(VideoError) -> Bool {
    let code = avcodec_send_packet(context, packet)
    if code == FFmpegCode.invalidData { return false }
    try ReaderCall.check(code, file: path, "decoding a packet")
    return true
  }

  /// Takes the next decoded frame, in presentation order, into `frame`.
  func receive(into frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> Output {
    let code = avcodec_receive_frame(context, frame)
    if code == FFmpegCode.again { return .needsInput }
    if code == FFmpegCode.endOfFile { return .finished }
    if code == FFmpegCode.invalidData { return .damaged }
    try ReaderCall.check(code, file: path, "decoding a frame")
    return .frame
  }

  /// Whether the packets sent next may skip frames that no other frame refers to (they
  /// produce no output then). Each packet is decoded with the setting current when it is sent.
  var skipsNonReferenceFrames: Bool {
    get { context.pointee.skip_frame == AVDISCARD_NONREF }
    nonmutating set { context.pointee.skip_frame = newValue ? AVDISCARD_NONREF : AVDISCARD_DEFAULT }
  }

  /// Forgets buffered frames, after a seek.
  func flush() { avcodec_flush_buffers(context) }
}
