import CFFmpeg

/// An open libx264, libx265 or libvpx-vp9 encoder: takes YUV frames with their times and durations, gives
/// compressed packets in decoding order.
final class VideoEncoder {
  private(set) var context: UnsafeMutablePointer<AVCodecContext>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  /// Each queued frame's duration by presentation time. Delay encoders (x264's look-ahead,
  /// B-frames) do not carry durations through, and the container needs the last frame's
  /// to know where the movie ends.
  private var durations: [Int64: Int64] = [:]
  /// The newest packet, held back because the last one's duration must be corrected when
  /// the stream ends.
  private let waiting: PacketBuffer
  private var isWaiting = false
  /// How far the first packet's decoding time precedes its presentation (B-frame reordering).
  private var reorderDelay: Int64 = 0
  private var sawFirstPacket = false
  private let file: String

  init(
    settings: VideoEncodeSettings, width: Int, height: Int, timeBase: AVRational,
    color: VideoColorDescription, globalHeader: Bool, file: String
  ) throws(VideoWriterError) {
    self.file = file
    waiting = try PacketBuffer(file: file)
    let name = Self.encoderName(settings.codec)
    guard let codec = avcodec_find_encoder_by_name(name) else {
      throw .encoderUnavailable(name)
    }
    context = avcodec_alloc_context3(codec)
    packet = av_packet_alloc()
    guard let context, packet != nil else {
      throw .ffmpeg(file: file, operation: "allocating the \(name) encoder", message: "no memory")
    }
    context.pointee.width = Int32(width)
    context.pointee.height = Int32(height)
    context.pointee.pix_fmt = Self.pixelFormat(settings.chromaFormat)
    context.pointee.time_base = timeBase
    context.pointee.framerate = AVRational(
      num: settings.frameRate.numerator, den: settings.frameRate.denominator)
    context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    context.pointee.thread_count = Int32(settings.threads)
    if globalHeader {
      context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    color.tag(context)

    let options = UnsafeMutableRawPointer(context.pointee.priv_data)
    func set(_ key: String, _ value: String) throws(VideoWriterError) {
      try WriterCall.check(
        av_opt_set(options, key, value, 0), file: file, "setting the \(name) option \(key)")
    }
    if let preset = settings.preset { try set("preset", preset) }
    switch settings.rateControl {
    case .crf(let crf):
      try set("crf", "\(crf)")
      // libvpx holds the quality constant only without a target bitrate.
      context.pointee.bit_rate = 0
    case .bitrate(let bitrate):
      context.pointee.bit_rate = Int64(bitrate)
    }
    switch settings.codec {
    case .h264:
      // Debian's x264 (0.164.3095) reads memory outside its own in an AVX-512 routine of
      // MB-tree with B-frames: its output then depends on what the process's heap held, and
      // a second export of the same frames in one process (a server's, a worker's) could
      // differ from the first. Held to AVX2 on processors with AVX-512, it repeats itself;
      // elsewhere x264 never goes beyond AVX2.
      if av_get_cpu_flags() & AV_CPU_FLAG_AVX512 != 0 { try set("x264-params", "asm=avx2") }
    case .hevc:
      // x265 prints its banner and statistics straight to stderr unless told otherwise.
      try set("x265-params", "log-level=error")
    case .vp9:
      // libvpx's default (best quality, one row at a time) is many times slower than x264's
      // veryfast; "good" at speed 5 with row threading is comparable.
      try set("deadline", "good")
      try set("cpu-used", "5")
      try set("row-mt", "1")
    }
    try WriterCall.check(avcodec_open2(context, codec, nil), file: file, "opening \(name)")
  }

  deinit {
    avcodec_free_context(&context)
    av_packet_free(&packet)
  }

  static func encoderName(_ codec: VideoEncodeSettings.Codec) -> String {
    switch codec {
    case .h264: "libx264"
    case .hevc: "libx265"
    case .vp9: "libvpx-vp9"
    }
  }

  static func pixelFormat(_ chroma: VideoEncodeSettings.ChromaFormat) -> AVPixelFormat {
    switch chroma {
    case .yuv420p: AV_PIX_FMT_YUV420P
    case .yuv422p: AV_PIX_FMT_YUV422P
    case .yuv444p: AV_PIX_FMT_YUV444P
    }
  }

  var timeBase: AVRational { context?.pointee.time_base ?? AVRational(num: 1, den: 1) }

  /// Encodes `frame` (whose `pts` is set) lasting `duration` ticks, handing every packet
  /// that comes out but the newest to `deliver`, which takes its reference.
  func encode(
    _ frame: UnsafeMutablePointer<AVFrame>, duration: Int64,
    deliver: (UnsafeMutablePointer<AVPacket>) throws(VideoWriterError) -> Void
  ) throws(VideoWriterError) {
    durations[frame.pointee.pts] = duration
    try send(frame, deliver: deliver)
  }

  /// Drains the encoder and delivers the remaining packets; the stream ends at `end` ticks.
  ///
  /// The container's media duration runs to the end of the last packet in decoding order,
  /// which B-frame reordering puts before the last picture shown. Like FFmpeg's own muxing,
  /// the last packet is sized so that this duration equals the time from the first picture
  /// to `end`, which is what ffprobe reports and players show.
  func finish(
    endingAt end: Int64, deliver: (UnsafeMutablePointer<AVPacket>) throws(VideoWriterError) -> Void
  ) throws(VideoWriterError) {
    try send(nil, deliver: deliver)
    guard isWaiting, let last = waiting.packet else { return }
    last.pointee.duration = max(end - last.pointee.dts - reorderDelay, 1)
    isWaiting = false
    try deliver(last)
  }

  private func send(
    _ frame: UnsafeMutablePointer<AVFrame>?,
    deliver: (UnsafeMutablePointer<AVPacket>) throws(VideoWriterError) -> Void
  ) throws(VideoWriterError) {
    guard let context, let packet, let waiting = waiting.packet else { return }
    // Packets are drained after every frame, so the encoder never refuses input.
    try WriterCall.check(avcodec_send_frame(context, frame), file: file, "encoding a frame")
    while true {
      let status = avcodec_receive_packet(context, packet)
      if status == FFmpegCode.again || status == FFmpegCode.endOfFile { return }
      try WriterCall.check(status, file: file, "encoding a frame")
      packet.pointee.duration = durations.removeValue(forKey: packet.pointee.pts) ?? 0
      if !sawFirstPacket { reorderDelay = packet.pointee.pts - packet.pointee.dts }
      sawFirstPacket = true
      if isWaiting { try deliver(waiting) }
      av_packet_unref(waiting)
      av_packet_move_ref(waiting, packet)
      isWaiting = true
    }
  }
}
