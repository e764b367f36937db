import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Which file a path names, so that an output is never written over an input however the
/// two are spelt: through `..`, a symbolic link or a hard link.
public enum FileIdentity {
  /// Whether `a` and `b` name the same existing file (same device and inode).
  public static func same(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }
}
