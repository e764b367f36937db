import CFFmpeg
import Foundation

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

  /// Opens `path` for the checks; throws for a missing, unreadable or empty file.
  init(path: String) throws(VideoError) {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .fileNotFound(file: path) }
      throw .unreadable(file: path, reason: String(cString: strerror(code)))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw .unreadable(file: path, reason: reason)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw .unreadable(file: path, reason: "not a regular file")
    }
    guard status.st_size > 0 else {
      close(descriptor)
      throw .truncated(file: path, detail: "the file is empty")
    }
    self.descriptor = descriptor
    self.size = Int(status.st_size)
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
