import Foundation
import LumenTestSupport

/// A small tmpfs mounted for one test (root only), unmounted by ``unmount()``.
struct Tmpfs {
  let folder: URL

  static let isAvailable: Bool = {
    guard getuid() == 0, let disk = try? Tmpfs(options: "size=64k") else { return false }
    disk.unmount()
    return true
  }()

  init(options: String) throws {
    folder = try CLI.scratch()
    try Program.output(of: "mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder.path])
  }

  func remount(options: String) throws {
    try Program.output(of: "mount", ["-o", options, folder.path])
  }

  func unmount() {
    _ = try? Program.run("umount", [folder.path])
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs `body` with a 64 KB tmpfs that a file already fills, unmounted afterwards; does
  /// nothing when it cannot be mounted.
  static func withFullDisk(_ body: (URL) throws -> Void) throws {
    guard let disk = try? Tmpfs(options: "size=64k") else { return }
    defer { disk.unmount() }
    try Data(count: 64 << 10).write(to: disk.folder.appendingPathComponent("fill"))
    try body(disk.folder)
  }
}
