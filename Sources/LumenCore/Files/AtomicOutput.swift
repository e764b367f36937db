import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file so that it appears complete or not at all: bytes go to a hidden temporary file
/// beside the target, which replaces the target only after everything is written and synced.
/// A failed or abandoned write removes the temporary file, so an interrupted export never
/// leaves a half-written file that looks like a good one.
public final class AtomicOutput {
  public let target: URL
  private let temporaryPath: String
  /// The open temporary file, for C encoders that write to it directly.
  public private(set) var descriptor: Int32
  private var finished = false

  public init(target: URL) throws(FileError) {
    let directory = target.deletingLastPathComponent().path
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    temporaryPath = "\(directory)/.\(target.lastPathComponent).\(random).tmp"
    descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw FileError(file: target.path, action: "create a file in \(directory)", code: errno)
    }
    self.target = target
  }

  deinit { discard() }

  public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw FileError(file: target.path, action: "write", code: errno)
      }
      offset += written
    }
  }

  /// Syncs the data and renames the temporary file over the target.
  public func commit() throws(FileError) {
    guard fsync(descriptor) == 0 else {
      throw FileError(file: target.path, action: "sync the file", code: errno)
    }
    close(descriptor)
    descriptor = -1
    guard rename(temporaryPath, target.path) == 0 else {
      throw FileError(file: target.path, action: "rename into place", code: errno)
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
  public func discard() {
    guard !finished else { return }
    finished = true
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    unlink(temporaryPath)
  }

  /// Writes `data` to `target` atomically.
  public static func write(_ data: Data, to target: URL) throws(FileError) {
    let output = try AtomicOutput(target: target)
    let written = data.withUnsafeBytes { bytes in
      Result { () throws(FileError) in try output.write(bytes) }
    }
    try written.get()
    try output.commit()
  }
}
