import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The temporary files of ``AtomicOutput`` that have a name: `.NAME.lumen-partial-PID-RANDOM`
/// beside the destination, unmistakable for anything a user made. The process keeps a list of
/// its own so that an interruption can remove them (``removeAll()``), and a write into a
/// folder removes the ones a killed process left there.
public enum PartialFiles {
  static let marker = ".lumen-partial-"

  private struct State {
    var names: Set<String> = []
    var stopped = false
    /// The folders already swept: once per process is enough, and a batch writing many
    /// files into one large folder should not list it for each.
    var swept: Set<String> = []
  }
  private static let state = Locked(State())

  /// Removes this process's named temporary files and refuses every later commit, so that
  /// nothing new appears under an output's name once the process has decided to stop.
  /// Safe to call from any thread; waits for a commit in progress to end.
  public static func removeAll() {
    state.withLock { state in
      state.stopped = true
      for name in state.names { unlink(name) }
      state.names = []
    }
  }

  // MARK: Anonymous files

  /// `O_TMPFILE` (Glibc's macro is not visible to Swift), read-write so that a library can
  /// reopen it through `/proc/self/fd` and seek in it.
  static let anonymousFlags = O_RDWR | O_CLOEXEC | O_DIRECTORY | 0o20_000_000

  /// Whether a failed `O_TMPFILE` open means the file system or kernel lacks the feature.
  static func lacksAnonymousFiles(_ code: Int32) -> Bool {
    code == EOPNOTSUPP || code == EISDIR || code == EINVAL
  }

  /// `AT_EMPTY_PATH`, which Glibc shows only to GNU sources.
  private static let emptyPath: Int32 = 0x1000

  /// Gives the anonymous file `descriptor` a hidden name beside `destination`.
  static func link(_ descriptor: Int32, for destination: String, file: String) throws(FileError)
    -> String
  {
    while true {
      let name = self.name(for: destination)
      if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0
        // Without /proc: the descriptor itself (needs CAP_DAC_READ_SEARCH).
        || errno == ENOENT && linkat(descriptor, "", AT_FDCWD, name, emptyPath) == 0
      {
        return name
      }
      guard errno == EEXIST else {
        throw FileError(file: file, action: "give the new file a name", code: errno)
      }
    }
  }

  // MARK: Named files

  /// Creates a named temporary file for `place` (read-write, 0666 less the umask) and lists it.
  static func create(for place: OutputPlace, file: String) throws(FileError) -> (String, Int32) {
    while true {
      let name = self.name(for: place.path)
      let descriptor = open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 {
        state.withLock { _ = $0.names.insert(name) }
        return (name, descriptor)
      }
      guard errno == EEXIST else {
        throw FileError(file: file, action: "create a file in \(place.folder)", code: errno)
      }
    }
  }

  /// Unlists and removes a named temporary file.
  static func remove(_ name: String) {
    state.withLock { _ = $0.names.remove(name) }
    unlink(name)
  }

  /// Runs the naming and renaming of a commit while ``removeAll()`` cannot run, with the list
  /// of names to update; refused once the process is stopping.
  static func committing(file: String, _ body: (inout Set<String>) throws(FileError) -> Void)
    throws(FileError)
  {
    let outcome = state.withLock { state in
      guard !state.stopped else {
        return Result<Void, FileError>.failure(
          FileError(file: file, reason: "interrupted before the file was saved"))
      }
      return Result { () throws(FileError) in try body(&state.names) }
    }
    try outcome.get()
  }

  static func name(for destination: String) -> String {
    let folder = OutputPlace.folder(of: destination)
    let base = (destination as NSString).lastPathComponent
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return "\(folder)/.\(base)\(marker)\(getpid())-\(random)"
  }

  // MARK: Leftovers

  /// Removes from `folder` the named temporary files of processes that have ended: only names
  /// with the marker, only regular files, only older than this process, and only when the
  /// process that made them is gone (or is this one, reusing a dead process's id).
  static func sweep(folder: String) {
    let (own, first) = state.withLock { ($0.names, $0.swept.insert(folder).inserted) }
    guard first, let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      let path = "\(folder)/\(name)"
      guard name.hasPrefix("."), let owner = Self.owner(of: name), !own.contains(path) else {
        continue
      }
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        Double(status.st_mtim.tv_sec) < ProcessStart.seconds,
        owner == getpid() || !ProcessStart.isAlive(owner)
      else { continue }
      unlink(path)
    }
  }

  /// The process id a temporary file's name carries, or nil when the name is not ours.
  static func owner(of name: String) -> pid_t? {
    guard let range = name.range(of: marker, options: .backwards) else { return nil }
    let rest = name[range.upperBound...].split(separator: "-")
    guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0 else { return nil }
    return pid
  }
}
