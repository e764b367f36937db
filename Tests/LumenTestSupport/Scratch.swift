import Foundation

/// Scratch folders for test files: one root per test process, removed when it exits.
public enum Scratch {
  /// The process's root (`$TMPDIR/lumen-tests-<pid>`).
  public static let root: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lumen-tests-\(ProcessInfo.processInfo.processIdentifier)")
    atexit { try? FileManager.default.removeItem(at: Scratch.root) }
    return url
  }()

  /// A fresh empty directory for one test's files.
  public static func directory() throws -> URL {
    let url = root.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A directory named `name` under the root, shared by every test of the process that asks
  /// for it (clips made once and reused). Made here if it can be; if not, writing a file into
  /// it fails the test that tries.
  public static func shared(_ name: String) -> URL {
    let url = root.appendingPathComponent(name)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
