import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file so that it appears complete or not at all, and never leaves a temporary file.
///
/// The bytes go to an unnamed file (`O_TMPFILE`) in the destination's folder, so a process
/// killed even by SIGKILL leaves nothing visible. ``commit()`` links it under a unique hidden
/// name (`.NAME.lumen-partial-PID-RANDOM`) and renames that over the destination, so readers
/// see the old file or the complete new one. A reader that still has the old file open keeps
/// reading it: the rename gives the name a new inode and leaves the old one intact.
///
/// Where `O_TMPFILE` is unsupported the bytes go to a file with that hidden name from the start;
/// such names left by a killed process are removed by the next write to the folder.
///
/// The destination is the target with symbolic links followed: writing through a link writes
/// the file it points to and keeps the link. Replacing a file keeps its permissions (a 0600
/// photo stays private) and its owner where permitted; a new file gets 0666 less the umask.
/// Directories, devices, FIFOs and dangling links are refused.
public final class AtomicOutput {
  /// The path as the caller gave it, used in messages.
  public let target: URL
  /// Where the file lands: ``target`` with symbolic links followed.
  public let destination: String
  /// The open temporary file (read and write), for C encoders that write to it directly.
  public private(set) var descriptor: Int32
  /// The temporary file's name while it has one (always in the fallback; during commit).
  private var partialName: String?
  private var finished = false

  public init(target: URL) throws(FileError) {
    let place = try OutputPlace(target.path)
    PartialFiles.sweep(folder: place.folder)
    let anonymous = FaultInjection.openAnonymous(
      in: place.folder, flags: PartialFiles.anonymousFlags)
    if anonymous >= 0 {
      descriptor = anonymous
    } else if PartialFiles.lacksAnonymousFiles(errno) {
      let (named, descriptor) = try PartialFiles.create(for: place, file: target.path)
      self.descriptor = descriptor
      partialName = named
    } else {
      throw FileError(file: target.path, action: "create a file in \(place.folder)", code: errno)
    }
    self.target = target
    destination = place.path
    place.keepOwnerAndMode(of: descriptor)
  }

  deinit { discard() }

  /// A path that opens the temporary file again (for libraries that take a path, such as
  /// FFmpeg, which reopens its output to move the index to the front).
  public var reopenablePath: String { partialName ?? "/proc/self/fd/\(descriptor)" }

  public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = FaultInjection.write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw FileError(file: target.path, action: "write", code: errno)
      }
      offset += written
    }
  }

  /// Syncs the data and puts the file in place of the destination. Interruption cannot split
  /// this step: it happens wholly before ``PartialFiles/removeAll()`` or not at all.
  public func commit() throws(FileError) {
    guard !finished else { return }
    guard FaultInjection.sync(descriptor) == 0 else {
      throw FileError(file: target.path, action: "save the file", code: errno)
    }
    try PartialFiles.committing(file: target.path) { (names) throws(FileError) in
      let named: String
      if let partialName {
        named = partialName
      } else {
        named = try PartialFiles.link(descriptor, for: destination, file: target.path)
      }
      defer {
        names.remove(named)
        partialName = nil
      }
      guard rename(named, destination) == 0 else {
        let code = errno
        unlink(named)
        throw FileError(file: target.path, action: "replace the file", code: code)
      }
    }
    finished = true
    close(descriptor)
    descriptor = -1
    // Make the rename itself durable; failure here cannot undo a complete file.
    let folder = Glibc.open(OutputPlace.folder(of: destination), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Closes and removes the temporary file (nothing happens after a commit).
  public func discard() {
    guard !finished else { return }
    finished = true
    if let partialName { PartialFiles.remove(partialName) }
    partialName = nil
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
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
