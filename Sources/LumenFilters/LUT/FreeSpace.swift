import Foundation
import LumenCore

#if canImport(Glibc)
  import Glibc
#endif

/// Room on a file system, checked before a large file is written, so that a write that
/// cannot fit is refused at once rather than after minutes of work.
enum FreeSpace {
  /// Throws when the file system that would hold `url` has fewer than `bytes` bytes free for
  /// an unprivileged user; when the room cannot be asked for, the write goes ahead and any
  /// failure is reported by the write itself.
  static func require(_ bytes: Int, besides url: URL) throws(FileError) {
    var status = statvfs()
    guard statvfs(url.deletingLastPathComponent().path, &status) == 0 else { return }
    let free = status.f_bavail.multipliedReportingOverflow(by: status.f_frsize)
    guard !free.overflow, let available = Int(exactly: free.partialValue), available < bytes
    else { return }
    throw FileError(
      file: url.path,
      reason:
        "needs up to \(bytes >> 20) MB and the file system has \(available >> 20) MB free")
  }
}
