import CFFmpeg

/// Copies an ``AudioCopy``'s packets untouched, moving their times so that the range's start
/// lands at the output's time 0.
final class AudioPacketCopier: AudioPacketSource {
  private let input: AudioInput
  /// The range in stream ticks.
  private let start: Int64
  private let end: Int64?
  /// A range from time 0 also keeps what comes before it: AAC's priming packet, which the
  /// decoder needs and the container's edit list hides.
  private let fromBeginning: Bool

  /// Opens the source; `copy` has been validated.
  init(_ copy: AudioCopy) throws(VideoWriterError) {
    input = try AudioInput(url: copy.url, streamIndex: copy.streamIndex)
    let range = copy.range ?? 0..<Double.infinity
    start = input.ticks(range.lowerBound)
    end = range.upperBound.isFinite ? input.ticks(range.upperBound) : nil
    fromBeginning = range.lowerBound == 0
    input.seek(to: range.lowerBound)
  }

  var timeBase: AVRational { input.timeBase }

  func describe(_ stream: UnsafeMutablePointer<AVStream>, for muxer: MovieMuxer)
    throws(VideoWriterError)
  {
    let codec = input.parameters.pointee.codec_id
    guard muxer.accepts(codec) else {
      let name = avcodec_get_name(codec).map { String(cString: $0) } ?? "this codec"
      throw .audioSource(
        file: input.path,
        reason: "\(name) audio cannot be copied into this container (re-encode it with a mix)")
    }
    try WriterCall.check(
      avcodec_parameters_copy(stream.pointee.codecpar, input.parameters), file: input.path,
      "copying the audio stream's parameters")
    // The source container's tag may mean nothing in ours; the muxer picks the right one.
    stream.pointee.codecpar.pointee.codec_tag = 0
    stream.pointee.time_base = input.timeBase
  }

  func next(into packet: UnsafeMutablePointer<AVPacket>) throws(VideoWriterError) -> Bool {
    while try input.read(into: packet) {
      let time =
        packet.pointee.pts != FFmpegCode.noTimestamp ? packet.pointee.pts : packet.pointee.dts
      // Keep every packet that overlaps the range: cutting inside one is not possible.
      if let end, time >= end {
        av_packet_unref(packet)
        return false
      }
      if !fromBeginning, time != FFmpegCode.noTimestamp, time + packet.pointee.duration <= start {
        av_packet_unref(packet)
        continue
      }
      if packet.pointee.pts != FFmpegCode.noTimestamp { packet.pointee.pts -= start }
      if packet.pointee.dts != FFmpegCode.noTimestamp { packet.pointee.dts -= start }
      packet.pointee.pos = -1
      return true
    }
    return false
  }
}
