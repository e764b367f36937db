import CFFmpeg
import Foundation
import LumenCore

extension VideoInfo {
  /// What the open file's headers say, refused when the video stream claims no picture (it
  /// has no frame to give, and every later step divides by its size) or a picture larger than
  /// ``maxFramePixels`` (a few header bytes would otherwise size gigabytes of frames).
  init(checking demuxer: borrowing Demuxer, file: String) throws(VideoError) {
    self.init(demuxer)
    let size = "\(video.width)x\(video.height)"
    guard video.width > 0, video.height > 0 else {
      throw .corrupt(file: file, detail: "the video stream declares a \(size) picture")
    }
    guard video.height <= Self.maxFramePixels / video.width else {
      throw .corrupt(
        file: file,
        detail: "the video stream declares a \(size) picture, larger than the"
          + " \(Self.maxFramePixels >> 20) MP a frame may have")
    }
  }

  /// The most pixels a frame may have: 16384x8192, twice 8K video; its RGBA bitmap takes
  /// 512 MiB, half the default memory budget.
  public static let maxFramePixels = 1 << 27

  /// What the open file's headers say.
  init(_ demuxer: borrowing Demuxer) {
    let context = demuxer.context.pointee
    let format = context.iformat.pointee
    var video = VideoStreamInfo(demuxer.stream, container: String(cString: format.name))
    var duration = Self.declaredDuration(of: demuxer.stream)
    if duration == nil, context.duration != FFmpegCode.noTimestamp, context.duration > 0 {
      duration = PresentationTime(value: context.duration, timescale: AV_TIME_BASE)
    }
    if case .estimated = video.frameCount, let rate = video.averageFrameRate, let duration {
      let estimate = (duration.seconds * rate.value).rounded()
      video.frameCount = .estimated(estimate.isFinite && estimate < 1e12 ? Int(estimate) : 0)
    }
    self.init(
      file: demuxer.path, container: String(cString: format.name),
      containerDescription: format.long_name.map { String(cString: $0) } ?? "",
      duration: duration ?? .zero, video: video,
      audio: demuxer.streams.filter { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
        .map(AudioStreamInfo.init),
      tags: Self.tags(context.metadata))
  }

  /// Every entry of an FFmpeg dictionary.
  private static func tags(_ dictionary: OpaquePointer?) -> [String: String] {
    var tags: [String: String] = [:]
    var entry: UnsafeMutablePointer<AVDictionaryEntry>?
    while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
      if let key = next.pointee.key, let value = next.pointee.value {
        tags[String(cString: key)] = String(cString: value)
      }
      entry = next
    }
    return tags
  }

  /// The stream's own duration: from its header (MP4, MOV), or from the `DURATION` tag that
  /// Matroska muxers write per track ("00:00:02.000000000").
  private static func declaredDuration(of stream: UnsafeMutablePointer<AVStream>)
    -> PresentationTime?
  {
    let tick = stream.pointee.time_base
    if stream.pointee.duration != FFmpegCode.noTimestamp, stream.pointee.duration > 0,
      tick.num > 0, tick.den > 0
    {
      return PresentationTime(
        value: stream.pointee.duration &* Int64(tick.num), timescale: tick.den)
    }
    guard let tag = metadata(stream.pointee.metadata, "DURATION") else { return nil }
    let parts = tag.split(separator: ":")
    guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]),
      let seconds = Double(parts[2])
    else { return nil }
    let total = hours * 3600 + minutes * 60 + seconds
    guard total.isFinite, total >= 0, total < 1e9 else { return nil }
    return PresentationTime(seconds: total, timescale: Int32(AV_TIME_BASE))
  }
}

extension VideoStreamInfo {
  init(_ stream: UnsafeMutablePointer<AVStream>, container: String) {
    let parameters = stream.pointee.codecpar.pointee
    let pixelFormat = AVPixelFormat(rawValue: parameters.format)
    let rotation = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil)
    let tick = stream.pointee.time_base
    let start = stream.pointee.start_time
    self.init(
      index: Int(stream.pointee.index),
      codec: String(cString: avcodec_get_name(parameters.codec_id)),
      codecDescription: avcodec_descriptor_get(parameters.codec_id)
        .map { String(cString: $0.pointee.long_name) } ?? "",
      profile: avcodec_profile_name(parameters.codec_id, parameters.profile)
        .map { String(cString: $0) },
      width: Int(parameters.width), height: Int(parameters.height),
      orientation: rotation.map {
        Orientation(displayMatrix: UnsafeRawPointer($0).assumingMemoryBound(to: Int32.self))
      } ?? .up,
      sampleAspectRatio: Fraction(parameters.sample_aspect_ratio),
      averageFrameRate: Fraction(stream.pointee.avg_frame_rate),
      nominalFrameRate: Fraction(stream.pointee.r_frame_rate),
      frameCount: Self.frameCount(of: stream, container: container),
      timeBase: Fraction(Int(tick.num), Int(tick.den)),
      startTimestamp: start == FFmpegCode.noTimestamp ? 0 : start,
      pixelFormat: av_get_pix_fmt_name(pixelFormat).map { String(cString: $0) } ?? "unknown",
      bitDepth: av_pix_fmt_desc_get(pixelFormat).map { Int($0.pointee.comp.0.depth) } ?? 8,
      encoding: YCbCrEncoding(
        space: parameters.color_space, range: parameters.color_range,
        width: Int(parameters.width), height: Int(parameters.height), format: pixelFormat),
      bitRate: parameters.bit_rate > 0 ? Int(parameters.bit_rate) : nil)
  }

  /// Exact from an MP4/MOV sample table (every frame is indexed; samples an edit list drops
  /// are not shown and not counted) or a container's own count; otherwise marked estimated
  /// (the caller fills in duration times rate).
  private static func frameCount(of stream: UnsafeMutablePointer<AVStream>, container: String)
    -> FrameCount
  {
    if container.hasPrefix("mov,") {
      let entries = avformat_index_get_entries_count(stream)
      let shown = (0..<entries).filter { position in
        guard let entry = avformat_index_get_entry(stream, position) else { return false }
        return entry.pointee.flags & AVINDEX_DISCARD_FRAME == 0
      }
      return .exact(shown.count)
    }
    if stream.pointee.nb_frames > 0 { return .exact(Int(stream.pointee.nb_frames)) }
    return .estimated(0)
  }
}

extension AudioStreamInfo {
  init(_ stream: UnsafeMutablePointer<AVStream>) {
    var parameters = stream.pointee.codecpar.pointee
    let layout = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
      guard let base = buffer.baseAddress,
        av_channel_layout_describe(&parameters.ch_layout, base, buffer.count) >= 0
      else { return "" }
      return String(cString: base)
    }
    self.init(
      index: Int(stream.pointee.index),
      codec: String(cString: avcodec_get_name(parameters.codec_id)),
      codecDescription: avcodec_descriptor_get(parameters.codec_id)
        .map { String(cString: $0.pointee.long_name) } ?? "",
      sampleRate: Int(parameters.sample_rate), channels: Int(parameters.ch_layout.nb_channels),
      channelLayout: layout,
      language: metadata(stream.pointee.metadata, "language").flatMap { $0 == "und" ? nil : $0 },
      bitRate: parameters.bit_rate > 0 ? Int(parameters.bit_rate) : nil)
  }
}

extension Fraction {
  /// FFmpeg's rational, or nil for the 0/0 (or 0/1) that means "unknown".
  init?(_ rational: AVRational) {
    guard rational.num > 0, rational.den > 0 else { return nil }
    self.init(Int(rational.num), Int(rational.den))
  }
}

/// A metadata tag's value.
private func metadata(_ dictionary: OpaquePointer?, _ key: String) -> String? {
  av_dict_get(dictionary, key, nil, 0).flatMap { $0.pointee.value.map { String(cString: $0) } }
}
