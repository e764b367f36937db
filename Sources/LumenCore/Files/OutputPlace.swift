import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where an output really lands and what it replaces: the target with symbolic links followed,
/// refused unless it is missing or a regular file, with the owner and mode of the file it
/// replaces so that the new file keeps them.
struct OutputPlace {
  /// The path written: the target, or the file its symbolic links lead to.
  let path: String
  /// The folder holding ``path``, where the temporary file is made.
  let folder: String
  /// The file being replaced, if any.
  let replaced: stat?

  init(_ target: String) throws(FileError) {
    var status = stat()
    guard lstat(target, &status) == 0 else {
      guard errno == ENOENT else {
        throw FileError(file: target, action: "inspect the output path", code: errno)
      }
      path = target
      folder = Self.folder(of: target)
      replaced = nil
      return
    }
    var resolved = target
    if status.st_mode & S_IFMT == S_IFLNK {
      guard let real = realpath(target, nil) else {
        throw FileError(file: target, reason: "a symbolic link to a missing file or folder")
      }
      defer { free(real) }
      resolved = String(cString: real)
      guard stat(resolved, &status) == 0 else {
        throw FileError(file: target, action: "inspect the link's target", code: errno)
      }
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw FileError(file: target, reason: Self.kind(of: status.st_mode))
    }
    path = resolved
    folder = Self.folder(of: resolved)
    replaced = status
  }

  /// Gives the new file the replaced file's owner (where permitted) and permissions; a new
  /// file keeps the 0666-less-umask it was created with.
  func keepOwnerAndMode(of descriptor: Int32) {
    guard let replaced else { return }
    // Owner first: changing it clears set-id bits. Refused unless privileged: kept as made.
    _ = fchown(descriptor, replaced.st_uid, replaced.st_gid)
    _ = fchmod(descriptor, replaced.st_mode & 0o777)
  }

  static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  private static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "it is a directory"
    case S_IFIFO: "it is a FIFO"
    case S_IFCHR, S_IFBLK: "it is a device"
    case S_IFSOCK: "it is a socket"
    default: "it is not a regular file"
    }
  }
}
