import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Which file a path names, so that an output is never written over an input however the
/// two are spelt: through `..`, a symbolic link or a hard link.
public enum FileIdentity {
  /// Whether `a` and `b` name the same existing file: the same device and inode (which
  /// covers links and every spelling), or the same canonical path.
  public static func same(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
      || canonical(a).map { $0 == canonical(b) } == true
  }

  /// Throws unless `output` is a file other than every one of `inputs`: the check every
  /// command makes before writing, unless told to overwrite. Even then a reader is safe:
  /// outputs are renamed into place (``AtomicOutput``), so a reader keeps the old file.
  public static func refuseOverwriting(_ inputs: [String], with output: String)
    throws(FileError)
  {
    if let input = inputs.first(where: { same($0, output) }) {
      throw FileError(
        file: output,
        reason: "refusing to write over \(input), which this command reads "
          + "(allowed with --overwrite)")
    }
  }

  /// `path` with every link followed and `.`/`..` removed; nil when it does not exist.
  public static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
