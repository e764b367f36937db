import CFFmpeg
import Foundation
import LumenCore

/// Writes a movie: RGB bitmaps in, an H.264, HEVC or VP9 stream in an MP4, MOV, Matroska or
/// WebM file out, with an optional audio track copied from a file or mixed and encoded (AAC;
/// Opus in WebM).
///
/// ```swift
/// let writer = try VideoWriter(
///   url: output, width: 1920, height: 1080,
///   settings: VideoEncodeSettings(rateControl: .crf(20), preset: "veryfast"),
///   audio: .copy(AudioCopy(url: source)))
/// for (bitmap, time) in frames { try writer.append(bitmap, at: time) }
/// try writer.finish()
/// ```
///
/// Frames keep the times they are given, so variable frame rates survive. The movie is
/// written to a hidden file beside `url` and renamed into place by ``finish(endingAt:)``;
/// ``cancel()``, any error, or dropping the writer unfinished removes it, so there is never a
/// partial movie at `url`. Use a writer from one thread at a time: a pipeline gives it its own
/// encoding thread, while libx264 and libswscale spread their work over more.
///
/// Two H.264 exports of the same frames in one process can differ in a few bits: Debian's
/// libx264 (core 164) reads heap memory it never initialised in its macroblock-tree rate
/// control, which a fresh process gets zeroed and a long-running one gets reused. The YUV it
/// is given is identical (glibc's `MALLOC_PERTURB_`, or x264's `mbtree=0`, makes the files
/// identical too).
public final class VideoWriter {
  /// The audio track to write beside the picture.
  public enum Audio: Sendable, Hashable {
    /// Packets copied untouched from a file.
    case copy(AudioCopy)
    /// Sources decoded, trimmed, mixed and encoded as AAC (Opus in WebM).
    case mix(AudioMix)
  }

  public let url: URL
  public let width: Int
  public let height: Int
  public let settings: VideoEncodeSettings
  /// The frames appended so far.
  public private(set) var frameCount = 0

  private var output: TemporaryOutput?
  private var muxer: MovieMuxer?
  private var encoder: VideoEncoder?
  private var converter: FrameConverter?
  private var audio: AudioPacketSource?
  private let color: VideoColorDescription
  private let timeBase: AVRational
  private let videoStream: Int32
  private let audioStream: Int32
  /// The newest frame in YUV, held back until the next one's time gives its duration.
  private let picture: PictureBuffer
  /// The held frame's time, as given and in ticks.
  private var held: (time: PresentationTime, ticks: Int64)?
  private let audioPacket: PacketBuffer
  /// `audioPacket` holds a packet that is due after the video written so far.
  private var audioWaiting = false
  private var audioEnded = false

  /// Checks the settings, creates the (hidden) output file, opens the encoders and any audio
  /// sources, and writes the file header: everything that can fail before the first frame
  /// fails here.
  ///
  /// - Parameters:
  ///   - url: The movie to write; an existing file there is replaced when the movie is done.
  ///   - width: The picture width; even for 4:2:0 and 4:2:2.
  ///   - height: The picture height; even for 4:2:0.
  ///   - tags: File-level metadata, e.g. `creation_time` and `location` (see
  ///     ``MovieMetadata``); nothing else is written but FFmpeg's encoder name.
  public init(
    url: URL, width: Int, height: Int, settings: VideoEncodeSettings = VideoEncodeSettings(),
    audio: Audio? = nil, tags: [String: String] = [:]
  ) throws(VideoWriterError) {
    try settings.validate()
    if let named = VideoEncodeSettings.Container(pathExtension: url.pathExtension),
      named != settings.container
    {
      throw .invalidSettings(
        "\(url.lastPathComponent.prefix(100)) names \(named.rawValue), the settings say"
          + " \(settings.container.rawValue)")
    }
    try Self.validate(width: width, height: height, chroma: settings.chromaFormat)
    switch audio {
    case .copy(let copy): try copy.validate()
    case .mix(let mix): try mix.validate()
    case nil: break
    }
    let file = url.path
    let output = try TemporaryOutput(target: url)
    let muxer = try MovieMuxer(path: output.path, container: settings.container, file: file)
    let color = VideoColorDescription(width: width, height: height)
    let timeBase = Self.timeBase(for: settings.frameRate)
    let encoder = try VideoEncoder(
      settings: settings, width: width, height: height, timeBase: timeBase, color: color,
      globalHeader: muxer.needsGlobalHeaders, file: file)

    let stream = try muxer.addStream()
    try WriterCall.check(
      avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context), file: file,
      "describing the video stream")
    stream.pointee.time_base = timeBase
    stream.pointee.avg_frame_rate = AVRational(
      num: settings.frameRate.numerator, den: settings.frameRate.denominator)
    if settings.codec == .hevc, settings.container == .mp4 || settings.container == .mov {
      // Apple's players accept HEVC in MP4 and MOV only as 'hvc1' (parameter sets in the
      // sample description), not FFmpeg's default 'hev1'.
      stream.pointee.codecpar.pointee.codec_tag = Self.fourCC("hvc1")
    }
    var audioSource: AudioPacketSource?
    var audioStream: Int32 = -1
    switch audio {
    case .copy(let copy): audioSource = try AudioPacketCopier(copy)
    case .mix(let mix):
      audioSource = try AudioMixEncoder(mix, container: settings.container, file: file)
    case nil: break
    }
    if let audioSource {
      let stream = try muxer.addStream()
      try audioSource.describe(stream, for: muxer)
      audioStream = stream.pointee.index
    }
    try muxer.writeHeader(tags: tags)

    let format = VideoEncoder.pixelFormat(settings.chromaFormat)
    picture = try PictureBuffer(width: width, height: height, format: format, file: file)
    audioPacket = try PacketBuffer(file: file)
    self.url = url
    self.width = width
    self.height = height
    self.settings = settings
    self.output = output
    self.muxer = muxer
    self.encoder = encoder
    self.color = color
    self.timeBase = timeBase
    self.videoStream = stream.pointee.index
    self.audio = audioSource
    self.audioStream = audioStream
  }

  deinit {
    release()
    output?.discard()
  }

  /// Appends a frame shown from `time` until the next frame's time (or the end given to
  /// ``finish(endingAt:)``). Times must increase; they need not be evenly spaced.
  ///
  /// The bitmap is RGB or RGBA (alpha is ignored), 8 or 16 bits per sample, sRGB-encoded, of
  /// the writer's size. It is converted before this returns, so its memory may be reused.
  public func append(_ frame: Bitmap, at time: PresentationTime) throws(VideoWriterError) {
    try endingOnError { () throws(VideoWriterError) in
      guard let encoder else { throw .notWriting(file: url.path) }
      guard frame.width == width, frame.height == height else {
        throw .unsupportedFrame(
          file: url.path,
          reason: "it is \(frame.width)x\(frame.height), the movie is \(width)x\(height)")
      }
      let ticks = try self.ticks(time, after: held)
      if let held {
        try encodeHeld(duration: ticks - held.ticks, with: encoder)
      }
      if converter?.source != frame.format {
        converter = try FrameConverter(
          source: frame.format, width: width, height: height,
          output: VideoEncoder.pixelFormat(settings.chromaFormat), color: color,
          threads: settings.threads, file: url.path)
      }
      guard let target = picture.frame, let converter else { return }
      // x264 and x265 copy the pictures they are given, so this normally keeps the planes;
      // were the encoder still to hold them, it would give the frame new ones.
      try WriterCall.check(av_frame_make_writable(target), file: url.path, "reusing a frame")
      try converter.convert(frame, into: target, file: url.path)
      color.tag(target)
      target.pointee.pts = ticks
      held = (time, ticks)
      frameCount += 1
    }
  }

  /// Appends a frame shown from `seconds` (rounded to the writer's clock, which is fine enough
  /// for any frame rate: 90 kHz or a multiple).
  public func append(_ frame: Bitmap, at seconds: Double) throws(VideoWriterError) {
    guard seconds.isFinite, abs(seconds) < PresentationTime.longestSeconds else {
      cancel()
      throw .invalidTime(file: url.path, seconds: seconds)
    }
    try append(frame, at: PresentationTime(seconds: seconds, timescale: timeBase.den))
  }

  /// Appends a frame one nominal frame (``VideoEncodeSettings/frameRate``) after the last,
  /// or at time 0 if it is the first.
  public func append(_ frame: Bitmap) throws(VideoWriterError) {
    try append(frame, at: nextNominalTime)
  }

  /// Encodes what is still queued, completes the audio track, writes the index at the front
  /// of the file and renames it into place.
  ///
  /// - Parameter end: When the last frame stops being shown, which sets the movie's length;
  ///   by default one nominal frame after it starts.
  public func finish(endingAt end: PresentationTime? = nil) throws(VideoWriterError) {
    try endingOnError { () throws(VideoWriterError) in
      guard let encoder, let muxer, let output else { throw .notWriting(file: url.path) }
      guard let held else { throw .noFrames(file: url.path) }
      let end = end ?? nextNominalTime
      let ticks = try self.ticks(end, after: held)
      try encodeHeld(duration: ticks - held.ticks, with: encoder)
      try encoder.finish(endingAt: ticks) { packet throws(VideoWriterError) in
        try write(video: packet)
      }
      try writeAudio(until: .infinity)
      try muxer.finish()
      release()
      try output.commit()
      self.output = nil
    }
  }

  /// Stops writing and removes the unfinished file. Nothing happens after ``finish(endingAt:)``
  /// has succeeded.
  public func cancel() {
    release()
    output?.discard()
    output = nil
  }

  /// The time a frame appended without one gets.
  private var nextNominalTime: PresentationTime {
    guard let held else { return .zero }
    let rate = settings.frameRate
    let step = AVRational(num: rate.denominator, den: rate.numerator)
    let ticks = held.ticks + av_rescale_q(1, step, timeBase)
    return PresentationTime(value: ticks, timescale: timeBase.den)
  }

  /// `time` on the stream's clock, which must be later than the held frame's.
  private func ticks(
    _ time: PresentationTime, after held: (time: PresentationTime, ticks: Int64)?
  ) throws(VideoWriterError) -> Int64 {
    let ticks =
      time.timescale > 0
      ? av_rescale_q(time.value, AVRational(num: 1, den: time.timescale), timeBase) : .min
    guard ticks > held?.ticks ?? .min else {
      throw .timestampOutOfOrder(file: url.path, previous: held?.time ?? time, time: time)
    }
    return ticks
  }

  /// Sends the held frame to the encoder now that its duration is known.
  private func encodeHeld(duration: Int64, with encoder: VideoEncoder) throws(VideoWriterError) {
    guard let frame = picture.frame else { return }
    try encoder.encode(frame, duration: duration) { packet throws(VideoWriterError) in
      try write(video: packet)
    }
    held = nil
  }

  /// Writes a video packet, then the audio that is due up to its time, so that sound and
  /// picture are interleaved in the file.
  private func write(video packet: UnsafeMutablePointer<AVPacket>) throws(VideoWriterError) {
    let tick =
      packet.pointee.dts != FFmpegCode.noTimestamp ? packet.pointee.dts : packet.pointee.pts
    let seconds = Double(tick) * Double(timeBase.num) / Double(timeBase.den)
    try muxer?.write(packet, stream: videoStream, timeBase: timeBase)
    try writeAudio(until: seconds)
  }

  /// Writes audio packets that start no later than `seconds`.
  private func writeAudio(until seconds: Double) throws(VideoWriterError) {
    guard let audio, let audioPacket = audioPacket.packet, let muxer else { return }
    while !audioEnded {
      if !audioWaiting {
        guard try audio.next(into: audioPacket) else {
          audioEnded = true
          return
        }
        audioWaiting = true
      }
      let timeBase = audio.timeBase
      let tick =
        audioPacket.pointee.dts != FFmpegCode.noTimestamp
        ? audioPacket.pointee.dts : audioPacket.pointee.pts
      guard Double(tick) * Double(timeBase.num) / Double(timeBase.den) <= seconds else { return }
      try muxer.write(audioPacket, stream: audioStream, timeBase: timeBase)
      audioWaiting = false
    }
  }

  /// Runs `body`; if it throws, the writer stops and its file is removed.
  private func endingOnError(_ body: () throws(VideoWriterError) -> Void)
    throws(VideoWriterError)
  {
    do {
      try body()
    } catch {
      cancel()
      throw error
    }
  }

  /// Frees the codecs and sources, and the muxer (closing the file).
  private func release() {
    encoder = nil
    converter = nil
    audio = nil
    muxer = nil
  }

  private static func validate(
    width: Int, height: Int, chroma: VideoEncodeSettings.ChromaFormat
  ) throws(VideoWriterError) {
    guard (2...16_384).contains(width), (2...16_384).contains(height) else {
      throw .invalidSettings("the picture size \(width)x\(height) is outside 2x2...16384x16384")
    }
    let evenWidth = chroma != .yuv444p
    let evenHeight = chroma == .yuv420p
    guard !evenWidth || width.isMultiple(of: 2), !evenHeight || height.isMultiple(of: 2) else {
      throw .invalidSettings(
        "\(chroma.rawValue) stores colour at half the resolution, so the picture size"
          + " \(width)x\(height) must be even"
          + (evenHeight ? "" : " in width"))
    }
  }

  /// The stream's clock: 90 kHz (MPEG's) or the smallest multiple of it on which the nominal
  /// frame duration is a whole number of ticks, so that neither the nominal rate nor
  /// timestamps from 90 kHz sources are rounded.
  static func timeBase(for rate: VideoEncodeSettings.FrameRate) -> AVRational {
    let numerator = Int64(rate.numerator)
    let reduced =
      numerator / Int64(PresentationTime.gcd(UInt64(numerator), UInt64(rate.denominator)))
    let lcm = reduced / Int64(PresentationTime.gcd(UInt64(reduced), 90_000)) * 90_000
    return AVRational(num: 1, den: lcm <= Int64(Int32.max) ? Int32(lcm) : 90_000)
  }

  static func fourCC(_ code: String) -> UInt32 {
    code.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }
}
