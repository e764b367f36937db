import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The hidden file beside the target that a movie is written into, renamed over the target
/// only when the movie is complete. Discarding it (an error, a cancel, a writer dropped
/// unfinished) removes it, so no half-written movie is ever left that looks like a good one.
final class TemporaryOutput {
  let target: URL
  /// Where FFmpeg writes; hidden and unique, in the target's directory so the rename is atomic.
  let path: String
  private var settled = false

  /// Creates the empty temporary file, so that an output that cannot be written fails here,
  /// before any decoding or encoding.
  init(target: URL) throws(VideoWriterError) {
    let directory = target.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw .cannotCreateOutput(file: target.path, reason: "it is a directory")
    }
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    path = "\(directory)/.\(target.lastPathComponent).\(random).tmp"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .cannotCreateOutput(
        file: target.path, reason: "\(directory): \(String(cString: strerror(errno)))")
    }
    close(descriptor)
    self.target = target
  }

  deinit { discard() }

  /// Syncs the finished file (FFmpeg has closed it) and renames it over the target, so that a
  /// crash right after an export cannot leave an empty file under the target's name.
  func commit() throws(VideoWriterError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0, fsync(descriptor) == 0 else {
      let reason = String(cString: strerror(errno))
      if descriptor >= 0 { close(descriptor) }
      throw .cannotCreateOutput(file: target.path, reason: "cannot sync the file: \(reason)")
    }
    close(descriptor)
    guard rename(path, target.path) == 0 else {
      throw .cannotCreateOutput(
        file: target.path, reason: "cannot rename into place: \(String(cString: strerror(errno)))")
    }
    settled = true
  }

  /// Removes the temporary file (nothing happens after a commit).
  func discard() {
    guard !settled else { return }
    settled = true
    unlink(path)
  }
}
