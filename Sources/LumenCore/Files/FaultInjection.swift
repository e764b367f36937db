#if canImport(Glibc)
  import Glibc
#endif

/// A seam for tests: makes ``AtomicOutput``'s writes or its final sync fail with a chosen
/// error, as a full disk or a failing device would, to check that nothing partial is left;
/// or makes it act as on a file system without unnamed files, to exercise the named fallback.
package enum FaultInjection {
  /// The error the next writes and syncs fail with; nil (always, outside tests): none.
  package struct Faults: Sendable {
    package var write: Int32?
    package var sync: Int32?
    package var noAnonymousFiles = false

    package init(write: Int32? = nil, sync: Int32? = nil, noAnonymousFiles: Bool = false) {
      self.write = write
      self.sync = sync
      self.noAnonymousFiles = noAnonymousFiles
    }
  }

  package static let faults = Locked(Faults())

  static func openAnonymous(in folder: String, flags: Int32) -> Int32 {
    if faults.withLock({ $0.noAnonymousFiles }) {
      errno = EOPNOTSUPP
      return -1
    }
    return open(folder, flags, 0o666)
  }

  static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    if let code = faults.withLock({ $0.write }) {
      errno = code
      return -1
    }
    return Glibc.write(descriptor, bytes, count)
  }

  static func sync(_ descriptor: Int32) -> Int32 {
    if let code = faults.withLock({ $0.sync }) {
      errno = code
      return -1
    }
    return fsync(descriptor)
  }
}
