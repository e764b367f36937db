import Foundation
import Testing

/// `doc new`, `doc migrate` and `doc schema -o` on a full or unwritable folder print one line
/// naming the file and the cause and leave nothing behind (they printed raw NSError dumps).
@Suite struct DocWriteErrorsTests {
  static let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
  static let version2 = CLI.packageRoot.appendingPathComponent(
    "Tests/LumenEditTests/Fixtures/version2.json"
  ).path

  /// The three writing commands with `out` as their output.
  static func commands(_ out: String) -> [[String]] {
    [
      ["doc", "new", photo, "-o", out], ["doc", "migrate", version2, "-o", out],
      ["doc", "schema", "-o", out],
    ]
  }

  static func expectOneLine(_ result: CLI.Result, naming out: String, cause: String) {
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("lumen: error: \(out): "), "\(result.errors)")
    #expect(result.errors.contains(cause), "\(result.errors)")
    #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
  }

  @Test func aFolderThatCannotHoldFilesIsOneLine() throws {
    for out in ["/sys/lumen-doc.json", "/nonexistent-folder/doc.json"] {
      for command in Self.commands(out) {
        Self.expectOneLine(try CLI.run(command), naming: out, cause: "cannot create a file in")
      }
    }
  }

  /// A full file system: a 64 KB tmpfs filled up (needs root to mount; skipped otherwise).
  @Test(.enabled(if: Tmpfs.isAvailable, "mounting a small tmpfs needs root"))
  func aFullDiskIsOneLineAndLeavesNoFile() throws {
    try Tmpfs.withFullDisk { dir in
      let out = dir.appendingPathComponent("doc.json").path
      for command in Self.commands(out) {
        Self.expectOneLine(try CLI.run(command), naming: out, cause: "No space left on device")
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["fill"])
    }
  }
}
