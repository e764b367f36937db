import CFFmpeg

/// Decodes one ``AudioTrackSource`` to planar `Float` samples at the mix's rate and channel
/// layout, cut to its range to the sample: samples before the range's start are dropped, and
/// silence is put in front when the stream starts later than the range does, so the sound
/// stays in sync with the picture it belongs to.
final class AudioFileReader {
  private let input: AudioInput
  private var decoder: UnsafeMutablePointer<AVCodecContext>?
  private var resampler: OpaquePointer?
  private var fifo: OpaquePointer?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var outputLayout = AVChannelLayout()
  private let outputRate: Int32
  private let scratch: PlanarSamples
  private let rangeStart: Double
  /// Samples still to give; `nil` reads to the end of the stream.
  private var remaining: Int?
  /// The input's format, fixed by its first decoded frame.
  private var inputFormat: (format: Int32, rate: Int32, channels: Int32)?
  /// Samples before the range still to drop.
  private var pendingSkip = 0
  private var inputEnded = false
  private var drained = false

  init(_ source: AudioTrackSource, sampleRate: Int, channels: Int) throws(VideoWriterError) {
    input = try AudioInput(url: source.url, streamIndex: source.streamIndex)
    outputRate = Int32(sampleRate)
    scratch = PlanarSamples(channels: channels, capacity: 4096)
    av_channel_layout_default(&outputLayout, Int32(channels))
    let range = source.range ?? 0..<Double.infinity
    rangeStart = range.lowerBound
    if range.upperBound.isFinite {
      remaining = Int(((range.upperBound - range.lowerBound) * Double(sampleRate)).rounded())
    }

    let path = input.path
    let id = input.parameters.pointee.codec_id
    guard let codec = avcodec_find_decoder(id) else {
      let name = avcodec_get_name(id).map { String(cString: $0) } ?? "this codec"
      throw .audioSource(file: path, reason: "no decoder for \(name) audio")
    }
    decoder = avcodec_alloc_context3(codec)
    packet = av_packet_alloc()
    frame = av_frame_alloc()
    fifo = av_audio_fifo_alloc(AV_SAMPLE_FMT_FLTP, Int32(channels), 4096)
    guard let decoder, packet != nil, frame != nil, fifo != nil else {
      throw .ffmpeg(file: path, operation: "allocating an audio decoder", message: "no memory")
    }
    try WriterCall.check(
      avcodec_parameters_to_context(decoder, input.parameters), file: path,
      "configuring the audio decoder")
    // Needed to apply the stream's priming-sample skips (AAC encoder delay) to the times.
    decoder.pointee.pkt_timebase = input.timeBase
    try WriterCall.check(
      avcodec_open2(decoder, codec, nil), file: path, "opening the audio decoder")
    // Decoders such as AAC need a few packets before the first sample comes out right.
    input.seek(to: rangeStart - 0.2)
  }

  deinit {
    avcodec_free_context(&decoder)
    swr_free(&resampler)
    av_audio_fifo_free(fifo)
    av_packet_free(&packet)
    av_frame_free(&frame)
    av_channel_layout_uninit(&outputLayout)
  }

  /// Decodes up to `count` samples per channel and adds them, scaled by `gain`, to `planes`
  /// starting at `offset`. Returns how many it added: fewer than `count` only at the end.
  func read(
    _ count: Int, addingTo planes: [UnsafeMutablePointer<Float>], at offset: Int, gain: Float
  ) throws(VideoWriterError) -> Int {
    let wanted = min(count, remaining ?? count)
    guard wanted > 0, let fifo else { return 0 }
    try fill(wanted)
    scratch.reserve(wanted)
    let got = Int(av_audio_fifo_read(fifo, scratch.rawPlanes, Int32(wanted)))
    guard got > 0 else { return 0 }
    for (channel, destination) in planes.enumerated() {
      let samples = scratch.planes[channel]
      for index in 0..<got { destination[offset + index] += gain * samples[index] }
    }
    remaining = remaining.map { $0 - got }
    return got
  }

  /// Decodes until the FIFO holds `count` samples or the stream is used up.
  private func fill(_ count: Int) throws(VideoWriterError) {
    guard let decoder, let packet, let frame, let fifo else { return }
    let path = input.path
    while Int(av_audio_fifo_size(fifo)) < count && !drained {
      let received = avcodec_receive_frame(decoder, frame)
      if received >= 0 {
        defer { av_frame_unref(frame) }
        try append(frame)
        continue
      }
      if received == FFmpegCode.endOfFile {
        try flushResampler()
        drained = true
        break
      }
      if received != FFmpegCode.again && received != FFmpegCode.invalidData {
        try WriterCall.check(received, file: path, "decoding audio")
      }
      if !inputEnded, try input.read(into: packet) {
        let sent = avcodec_send_packet(decoder, packet)
        av_packet_unref(packet)
        // A damaged packet costs its few milliseconds of sound, not the export.
        if sent != FFmpegCode.invalidData {
          try WriterCall.check(sent, file: path, "decoding audio")
        }
      } else {
        inputEnded = true
        try WriterCall.check(avcodec_send_packet(decoder, nil), file: path, "draining audio")
      }
    }
  }

  /// Resamples a decoded frame into the FIFO; the first one also fixes where the range starts.
  private func append(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoWriterError) {
    let format = (
      frame.pointee.format, frame.pointee.sample_rate, frame.pointee.ch_layout.nb_channels
    )
    if let inputFormat {
      guard inputFormat == format else {
        throw .audioSource(file: input.path, reason: "the audio format changes in mid-stream")
      }
    } else {
      inputFormat = format
      try makeResampler(for: frame)
      try align(startingAt: frame.pointee.best_effort_timestamp)
    }
    let capacity = Int(swr_get_out_samples(resampler, frame.pointee.nb_samples))
    scratch.reserve(capacity)
    let planes = UnsafeMutableRawPointer(frame.pointee.extended_data)
      .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
    let converted = swr_convert(
      resampler, scratch.bytePlanes, Int32(capacity), planes, frame.pointee.nb_samples)
    try WriterCall.check(converted, file: input.path, "resampling audio")
    try store(Int(converted))
  }

  /// Puts silence in front of a stream that starts after the range does, or notes how many
  /// samples to drop when it starts before.
  private func align(startingAt timestamp: Int64) throws(VideoWriterError) {
    guard timestamp != FFmpegCode.noTimestamp else { return }
    let lead = Int(((input.seconds(timestamp) - rangeStart) * Double(outputRate)).rounded())
    if lead > 0 {
      scratch.reserve(lead)
      for plane in scratch.planes { plane.initialize(repeating: 0, count: lead) }
      try store(lead)
    } else {
      pendingSkip = -lead
    }
  }

  private func makeResampler(for frame: UnsafeMutablePointer<AVFrame>) throws(VideoWriterError) {
    var layout = AVChannelLayout()
    defer { av_channel_layout_uninit(&layout) }
    // A layout without channel positions (a bare count) gets the usual one for that count.
    if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
      av_channel_layout_default(&layout, frame.pointee.ch_layout.nb_channels)
    } else {
      try WriterCall.check(
        av_channel_layout_copy(&layout, &frame.pointee.ch_layout), file: input.path,
        "reading the audio channel layout")
    }
    try WriterCall.check(
      swr_alloc_set_opts2(
        &resampler, &outputLayout, AV_SAMPLE_FMT_FLTP, outputRate, &layout,
        AVSampleFormat(frame.pointee.format), frame.pointee.sample_rate, 0, nil),
      file: input.path, "configuring the audio resampler")
    if layout.nb_channels == 1 && outputLayout.nb_channels == 2 {
      // A mono source plays at its own level on both sides, as players play mono files
      // (libswresample's default lowers it by 3 dB, a pan law for mixing desks).
      let matrix: [Double] = [1, 1]
      try WriterCall.check(
        swr_set_matrix(resampler, matrix, 1), file: input.path, "setting the audio upmix")
    }
    try WriterCall.check(swr_init(resampler), file: input.path, "starting the audio resampler")
  }

  /// Gives the resampler's last buffered samples to the FIFO.
  private func flushResampler() throws(VideoWriterError) {
    guard let resampler else { return }
    while true {
      let capacity = max(Int(swr_get_out_samples(resampler, 0)), 1)
      scratch.reserve(capacity)
      let converted = swr_convert(resampler, scratch.bytePlanes, Int32(capacity), nil, 0)
      try WriterCall.check(converted, file: input.path, "resampling audio")
      guard converted > 0 else { return }
      try store(Int(converted))
    }
  }

  /// Moves `count` samples from the scratch planes to the FIFO, dropping what lies before the
  /// range (nothing has been read from the FIFO yet while there is).
  private func store(_ count: Int) throws(VideoWriterError) {
    try WriterCall.check(
      av_audio_fifo_write(fifo, scratch.rawPlanes, Int32(count)), file: input.path,
      "buffering decoded audio")
    if pendingSkip > 0 {
      let dropped = min(pendingSkip, Int(av_audio_fifo_size(fifo)))
      av_audio_fifo_drain(fifo, Int32(dropped))
      pendingSkip -= dropped
    }
  }
}
