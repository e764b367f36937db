import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file so that it appears complete or not at all: bytes go to a hidden temporary file
/// beside the target, which replaces the target only after everything is written and synced.
/// A failed or abandoned write removes the temporary file, so an interrupted export never
/// leaves a half-written image that looks like a good one.
final class AtomicFileWriter {
  let target: URL
  private let temporaryPath: String
  /// The open temporary file, for C encoders that write to it directly.
  private(set) var descriptor: Int32
  private var finished = false

  init(target: URL) throws(CodecError.Problem) {
    let directory = target.deletingLastPathComponent().path
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    temporaryPath = "\(directory)/.\(target.lastPathComponent).\(random).tmp"
    descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw .io("cannot create a file in \(directory): \(String(cString: strerror(errno)))")
    }
    self.target = target
  }

  deinit { discard() }

  func write(_ bytes: UnsafeRawBufferPointer) throws(CodecError.Problem) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw .io("write failed: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  /// Syncs the data and renames the temporary file over the target.
  func commit() throws(CodecError.Problem) {
    guard fsync(descriptor) == 0 else {
      throw .io("cannot sync the file: \(String(cString: strerror(errno)))")
    }
    close(descriptor)
    descriptor = -1
    guard rename(temporaryPath, target.path) == 0 else {
      throw .io("cannot rename into place: \(String(cString: strerror(errno)))")
    }
    finished = true
    // Make the rename itself durable; failure here cannot undo a complete file.
    let directory = open(target.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  /// Removes the temporary file (nothing happens after a commit).
  func discard() {
    guard !finished else { return }
    finished = true
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    unlink(temporaryPath)
  }
}
