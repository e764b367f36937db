import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reading files given from outside: only regular files (a FIFO, a device or a directory is
/// refused before anything waits on it), at most a stated number of bytes.
public enum RegularFile {
  /// Opens `path` for reading without blocking (a FIFO would block in `open`), checks that it
  /// is a regular file, and returns the descriptor (close-on-exec, blocking again) and its size.
  /// The caller closes the descriptor.
  public static func open(_ path: String) throws(FileError) -> (descriptor: Int32, size: Int) {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw FileError(file: path, action: "open the file", code: errno) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw FileError(file: path, action: "inspect the file", code: code)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw FileError(file: path, reason: "not a regular file (\(kind(of: status.st_mode)))")
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return (descriptor, Int(status.st_size))
  }

  /// The bytes of the regular file at `path`, refused when it holds more than `limit` bytes.
  /// A file that shrinks while being read returns what it held.
  public static func contents(of path: String, limit: Int = Int.max) throws(FileError) -> Data {
    let (descriptor, size) = try open(path)
    defer { close(descriptor) }
    try check(size, within: limit, path)
    return try read(descriptor, count: size, path: path)
  }

  /// The bytes of the regular file at `path`, mapped instead of read: only the pages used are
  /// ever read (an emoji font is 10 MB; a caption's glyphs touch a few pages of it). Only for
  /// files nobody shortens while they are mapped, such as the package manager's (which
  /// replaces a file rather than rewriting it): reading past the new end of a shortened
  /// mapped file ends the process (SIGBUS). Read whole when it cannot be mapped.
  public static func mapped(_ path: String, limit: Int) throws(FileError) -> Data {
    let (descriptor, size) = try open(path)
    defer { close(descriptor) }
    try check(size, within: limit, path)
    guard size > 0, let memory = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
      memory != MAP_FAILED
    else { return try read(descriptor, count: size, path: path) }
    return Data(bytesNoCopy: memory, count: size, deallocator: .custom { munmap($0, $1) })
  }

  /// The first `count` bytes of the regular file at `path` (all of a shorter one): enough to
  /// tell its format without reading it all.
  public static func head(of path: String, count: Int) throws(FileError) -> Data {
    let (descriptor, size) = try open(path)
    defer { close(descriptor) }
    return try read(descriptor, count: min(size, max(0, count)), path: path)
  }

  private static func check(_ size: Int, within limit: Int, _ path: String) throws(FileError) {
    guard size <= limit else {
      throw FileError(
        file: path, reason: "the file is \(size) bytes, more than the limit of \(limit)")
    }
  }

  /// Up to `count` bytes from `descriptor`; fewer when the file ends first.
  private static func read(_ descriptor: Int32, count: Int, path: String) throws(FileError)
    -> Data
  {
    var data = buffer(count: count)
    var filled = 0
    let failure = data.withUnsafeMutableBytes { buffer -> Int32? in
      while filled < buffer.count, let base = buffer.baseAddress {
        let count = Glibc.read(descriptor, base + filled, buffer.count - filled)
        if count < 0 && errno == EINTR { continue }
        if count < 0 { return errno }
        if count == 0 { return nil }
        filled += count
      }
      return nil
    }
    if let failure { throw FileError(file: path, action: "read the file", code: failure) }
    return data.prefix(filled)
  }

  /// Memory for `count` bytes of a file. A large buffer is mapped with all its pages made in
  /// one system call, not one page fault every 4 KB as the read fills it (a 24 MP photo's 10 MB
  /// took about 8 ms of faults in a VM, most of `lumen info`).
  private static func buffer(count: Int) -> Data {
    guard count >= 1 << 20,
      let memory = mmap(
        nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0),
      memory != MAP_FAILED
    else { return Data(count: count) }
    return Data(
      bytesNoCopy: memory, count: count, deallocator: .custom { munmap($0, $1) })
  }

  /// Whether `path` names a regular file (following symbolic links).
  public static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  private static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    default: "not a plain file"
    }
  }
}
