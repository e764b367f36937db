import CFFmpeg
import Foundation
import LumenCore

#if canImport(Glibc)
  import Glibc
#endif

/// The checks made on a movie file before FFmpeg opens it, so that the common failures get
/// errors that say what is wrong: a missing or unreadable path, an empty file, a file cut
/// short (FFmpeg would open many of those and stop quietly halfway, or call them invalid).
struct MovieFile: ~Copyable {
  let path: String
  let size: Int
  private let descriptor: Int32

  /// Opens `path` for the checks; throws for a missing, unreadable or empty file, and for
  /// anything but a regular file (FFmpeg would wait forever in `open` on a FIFO).
  init(path: String) throws(VideoError) {
    self.path = path
    let opened: (descriptor: Int32, size: Int)
    do {
      opened = try RegularFile.open(path)
    } catch {
      var status = stat()
      if stat(path, &status) != 0, errno == ENOENT || errno == ENOTDIR {
        throw .fileNotFound(file: path)
      }
      throw .unreadable(file: path, reason: error.reason)
    }
    guard opened.size > 0 else {
      close(opened.descriptor)
      throw .truncated(file: path, detail: "the file is empty")
    }
    self.descriptor = opened.descriptor
    self.size = opened.size
  }

  deinit { close(descriptor) }

  /// Up to `count` bytes from `offset` (fewer at the end of the file).
  func bytes(at offset: Int, count: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, offset) }
    return Array(buffer.prefix(max(read, 0)))
  }

  /// The demuxer FFmpeg would choose from the first bytes alone (not the name: any file
  /// called .mov would do for the name), or nil when the data looks like no container it
  /// knows.
  func probedFormat() -> UnsafePointer<AVInputFormat>? {
    var head = bytes(at: 0, count: 1 << 16)
    let length = head.count
    head += [UInt8](repeating: 0, count: Int(AVPROBE_PADDING_SIZE))
    return "".withCString { name in
      head.withUnsafeMutableBufferPointer { buffer in
        var probe = AVProbeData(
          filename: name, buf: buffer.baseAddress, buf_size: Int32(length), mime_type: nil)
        return av_probe_input_format(&probe, 1)
      }
    }
  }

  /// Throws ``VideoError/truncated(file:detail:)`` when the container's outer structure
  /// (MP4/MOV boxes, the Matroska/WebM segment) declares more data than the file holds.
  func checkCompleteness() throws(VideoError) {
    if let shortfall = ISOMediaBoxes.shortfall(in: self) ?? MatroskaSegment.shortfall(in: self) {
      throw .truncated(file: path, detail: shortfall)
    }
  }
}
