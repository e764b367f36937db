import Foundation
import LumenTestSupport

/// A tiny tmpfs for tests of full disks (mounting needs root: `isAvailable` says whether to
/// try; `withFullDisk` gives nil when the container forbids mounting).
enum SmallDisk {
  static var isAvailable: Bool { getuid() == 0 }

  /// Runs `body` with a 64 KB tmpfs that a file already fills, unmounted afterwards; does
  /// nothing when it cannot be mounted.
  static func withFullDisk(_ body: (URL) throws -> Void) throws {
    let dir = try CLI.scratch().appendingPathComponent("small")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let mounted = try Program.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir.path])
    guard mounted.status == 0 else { return }
    defer { _ = try? Program.run("umount", [dir.path]) }
    try Data(count: 64 << 10).write(to: dir.appendingPathComponent("fill"))
    try body(dir)
  }
}
