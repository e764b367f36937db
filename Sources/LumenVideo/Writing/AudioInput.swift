import CFFmpeg
import Foundation
import LumenCore

#if canImport(Glibc)
  import Glibc
#endif

/// One audio stream of a file, demuxed: the packets an ``AudioPacketCopier`` copies or an
/// ``AudioFileReader`` decodes.
final class AudioInput {
  let path: String
  let stream: UnsafeMutablePointer<AVStream>
  private var context: UnsafeMutablePointer<AVFormatContext>?

  /// Opens `url` and picks stream `index`, or the file's main audio stream.
  init(url: URL, streamIndex index: Int?) throws(VideoWriterError) {
    path = url.path
    // FFmpeg would wait forever in `open` on a FIFO: only regular files go on.
    do {
      close(try RegularFile.open(path).descriptor)
    } catch {
      throw .audioSource(file: path, reason: error.reason)
    }
    var context: UnsafeMutablePointer<AVFormatContext>?
    _ = FFmpegLibraries.quietUnlessSet
    let opened = avformat_open_input(&context, path, nil, nil)
    guard opened >= 0, let opened = context else {
      throw .audioSource(file: path, reason: "cannot open: \(FFmpegCode.message(opened))")
    }
    do {
      stream = try Self.audioStream(in: opened, index: index, path: path)
    } catch {
      avformat_close_input(&context)
      throw error
    }
    self.context = opened
    // Only this stream's packets are wanted; the demuxer can skip the rest cheaply.
    for other in 0..<Int(opened.pointee.nb_streams) where other != stream.pointee.index {
      opened.pointee.streams[other]?.pointee.discard = AVDISCARD_ALL
    }
  }

  private static func audioStream(
    in context: UnsafeMutablePointer<AVFormatContext>, index: Int?, path: String
  ) throws(VideoWriterError) -> UnsafeMutablePointer<AVStream> {
    let probed = avformat_find_stream_info(context, nil)
    guard probed >= 0 else {
      throw .audioSource(file: path, reason: "cannot read: \(FFmpegCode.message(probed))")
    }
    let count = Int(context.pointee.nb_streams)
    let chosen: Int
    if let index {
      guard (0..<count).contains(index) else {
        throw .audioSource(file: path, reason: "there is no stream \(index)")
      }
      chosen = index
    } else {
      let best = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
      guard best >= 0 else { throw .audioSource(file: path, reason: "it has no audio stream") }
      chosen = Int(best)
    }
    guard let stream = context.pointee.streams[chosen],
      stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
    else {
      throw .audioSource(file: path, reason: "stream \(chosen) is not an audio stream")
    }
    return stream
  }

  deinit { avformat_close_input(&context) }

  var timeBase: AVRational { stream.pointee.time_base }
  var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }

  /// `seconds` in stream ticks.
  func ticks(_ seconds: Double) -> Int64 {
    Int64((seconds * Double(timeBase.den) / Double(timeBase.num)).rounded())
  }

  /// `ticks` in seconds.
  func seconds(_ ticks: Int64) -> Double {
    Double(ticks) * Double(timeBase.num) / Double(timeBase.den)
  }

  /// Moves to the last packet at or before `seconds`; a stream that cannot seek is read from
  /// its start instead, which costs time but loses nothing.
  func seek(to seconds: Double) {
    guard seconds > 0 else { return }
    av_seek_frame(context, stream.pointee.index, ticks(seconds), AVSEEK_FLAG_BACKWARD)
  }

  /// Reads the stream's next packet into `packet`; false at the end of the file.
  func read(into packet: UnsafeMutablePointer<AVPacket>) throws(VideoWriterError) -> Bool {
    while true {
      let status = av_read_frame(context, packet)
      if status == FFmpegCode.endOfFile { return false }
      guard status >= 0 else {
        throw .audioSource(file: path, reason: "cannot read: \(FFmpegCode.message(status))")
      }
      if packet.pointee.stream_index == stream.pointee.index { return true }
      av_packet_unref(packet)
    }
  }
}
