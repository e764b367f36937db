import CFFmpeg

/// Renders an ``AudioMix`` block by block (one encoder frame at a time: 1024 samples for AAC,
/// 20 ms for Opus) and encodes it with FFmpeg's native AAC encoder or, for WebM, libopus.
final class AudioMixEncoder: AudioPacketSource {
  /// A source placed on the output's timeline, in samples; dropped once used up.
  private struct Placed {
    let reader: AudioFileReader
    let start: Int
    let gain: Float
  }

  private var pending: [Placed]
  private var encoder: UnsafeMutablePointer<AVCodecContext>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  private let planes: PlanarSamples
  private let total: Int?
  private let file: String
  /// libopus takes interleaved samples, AAC one plane per channel.
  private let interleaved: Bool
  /// Samples rendered so far.
  private var position = 0
  private var drained = false

  /// Opens every source (so that a missing or silent file fails before any encoding) and the
  /// encoder; `mix` has been validated.
  init(
    _ mix: AudioMix, container: VideoEncodeSettings.Container, file: String
  ) throws(VideoWriterError) {
    self.file = file
    let opus = container == .webm
    interleaved = opus
    let rate = mix.sampleRate
    if opus, !Self.opusSampleRates.contains(rate) {
      throw .invalidSettings("Opus (WebM's sound) cannot be sampled at \(rate) Hz")
    }
    let channels = mix.channels.rawValue
    pending = []
    planes = PlanarSamples(channels: channels, capacity: 1024)
    for source in mix.sources {
      let reader = try AudioFileReader(source, sampleRate: rate, channels: channels)
      pending.append(
        Placed(
          reader: reader, start: Int((source.start * Double(rate)).rounded()),
          gain: Float(source.volume)))
    }
    total = mix.duration.map { Int(($0 * Double(rate)).rounded()) }

    let name = opus ? "libopus" : "aac"
    guard let codec = avcodec_find_encoder_by_name(name) else { throw .encoderUnavailable(name) }
    encoder = avcodec_alloc_context3(codec)
    frame = av_frame_alloc()
    guard let encoder, frame != nil else {
      throw .ffmpeg(file: file, operation: "allocating the \(name) encoder", message: "no memory")
    }
    encoder.pointee.sample_fmt = opus ? AV_SAMPLE_FMT_FLT : AV_SAMPLE_FMT_FLTP
    encoder.pointee.sample_rate = Int32(rate)
    av_channel_layout_default(&encoder.pointee.ch_layout, Int32(channels))
    encoder.pointee.bit_rate = Int64(mix.bitrate)
    encoder.pointee.time_base = AVRational(num: 1, den: Int32(rate))
    // Every container written keeps the codec header out of band.
    encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    try WriterCall.check(avcodec_open2(encoder, codec, nil), file: file, "opening \(name)")
    planes.reserve(Int(encoder.pointee.frame_size))
  }

  /// The rates libopus encodes.
  static let opusSampleRates = [48_000, 24_000, 16_000, 12_000, 8_000]

  deinit {
    avcodec_free_context(&encoder)
    av_frame_free(&frame)
  }

  var timeBase: AVRational { encoder?.pointee.time_base ?? AVRational(num: 1, den: 1) }

  func describe(_ stream: UnsafeMutablePointer<AVStream>, for muxer: MovieMuxer)
    throws(VideoWriterError)
  {
    try WriterCall.check(
      avcodec_parameters_from_context(stream.pointee.codecpar, encoder), file: file,
      "describing the audio stream")
    stream.pointee.time_base = timeBase
  }

  func next(into packet: UnsafeMutablePointer<AVPacket>) throws(VideoWriterError) -> Bool {
    guard let encoder else { return false }
    while true {
      let status = avcodec_receive_packet(encoder, packet)
      if status >= 0 { return true }
      if status == FFmpegCode.endOfFile { return false }
      guard status == FFmpegCode.again else {
        try WriterCall.check(status, file: file, "encoding audio")
        return false
      }
      if drained {
        return false
      }
      let block = try render()
      try WriterCall.check(avcodec_send_frame(encoder, block), file: file, "encoding audio")
      drained = block == nil
    }
  }

  /// Mixes the next block into the frame; `nil` when the track has ended.
  private func render() throws(VideoWriterError) -> UnsafeMutablePointer<AVFrame>? {
    guard let encoder, let frame else { return nil }
    var length = Int(encoder.pointee.frame_size)
    if let total { length = min(length, total - position) }
    guard length > 0, total != nil || !pending.isEmpty else { return nil }

    for plane in planes.planes { plane.initialize(repeating: 0, count: length) }
    // How far into the block some source reached: without a set duration the track ends
    // where the last source does, possibly inside this block.
    var reached = total == nil ? 0 : length
    var finished: [Int] = []
    for (index, source) in pending.enumerated() where source.start < position + length {
      let offset = max(source.start - position, 0)
      let wanted = length - offset
      let got = try source.reader.read(
        wanted, addingTo: planes.planes, at: offset, gain: source.gain)
      reached = max(reached, offset + got)
      if got < wanted { finished.append(index) }
    }
    for index in finished.reversed() { pending.remove(at: index) }
    if total == nil {
      // Sources yet to start keep the track going with silence.
      if !pending.isEmpty { reached = length }
      length = reached
      guard length > 0 else { return nil }
    }

    try prepare(frame, encoder: encoder)
    frame.pointee.nb_samples = Int32(length)
    let channels = planes.planes.count
    for (channel, plane) in planes.planes.enumerated() {
      guard let data = frame.pointee.extended_data[interleaved ? 0 : channel] else { continue }
      let samples = UnsafeMutableRawPointer(data).assumingMemoryBound(to: Float.self)
      let (first, step) = interleaved ? (channel, channels) : (0, 1)
      // Overlapping loud sources are clipped at full scale rather than wrapped or limited.
      for index in 0..<length { samples[first + index * step] = min(max(plane[index], -1), 1) }
    }
    frame.pointee.pts = Int64(position)
    position += length
    return frame
  }

  /// Gives the frame buffers for a full block the first time, and makes sure the encoder no
  /// longer holds them afterwards.
  private func prepare(
    _ frame: UnsafeMutablePointer<AVFrame>, encoder: UnsafeMutablePointer<AVCodecContext>
  ) throws(VideoWriterError) {
    if frame.pointee.buf.0 != nil {
      try WriterCall.check(av_frame_make_writable(frame), file: file, "preparing audio")
      return
    }
    frame.pointee.format = encoder.pointee.sample_fmt.rawValue
    frame.pointee.sample_rate = encoder.pointee.sample_rate
    frame.pointee.nb_samples = encoder.pointee.frame_size
    try WriterCall.check(
      av_channel_layout_copy(&frame.pointee.ch_layout, &encoder.pointee.ch_layout), file: file,
      "preparing audio")
    try WriterCall.check(av_frame_get_buffer(frame, 0), file: file, "preparing audio")
  }
}
