import Foundation
import LumenCore

/// The unnamed file beside the target that a movie is written into (an ``AtomicOutput``),
/// put in place of the target only when the movie is complete. Discarding it (an error, a
/// cancel, a writer dropped unfinished) or the process dying leaves nothing behind, so no
/// half-written movie is ever left that looks like a good one.
final class TemporaryOutput {
  let target: URL
  /// Where FFmpeg writes: `/proc/self/fd/N` of the unnamed file (FFmpeg reopens it to read
  /// and seek when it moves the index to the front), or the hidden named file where the file
  /// system has no unnamed files.
  let path: String
  private let file: AtomicOutput

  /// Creates the empty temporary file, so that an output that cannot be written fails here,
  /// before any decoding or encoding.
  init(target: URL) throws(VideoWriterError) {
    do {
      file = try AtomicOutput(target: target)
    } catch {
      throw .cannotCreateOutput(file: target.path, reason: error.reason)
    }
    self.target = target
    path = file.reopenablePath
  }

  /// Syncs the finished file (FFmpeg has closed it) and puts it in place of the target, so
  /// that a crash right after an export cannot leave an empty file under the target's name.
  func commit() throws(VideoWriterError) {
    do {
      try file.commit()
    } catch {
      throw .cannotCreateOutput(file: target.path, reason: error.reason)
    }
  }

  /// Removes the temporary file (nothing happens after a commit).
  func discard() { file.discard() }
}
