import Foundation
import Testing

@testable import LumenCore

#if canImport(Glibc)
  import Glibc
#endif

/// ``AtomicOutput``: nothing visible until the commit, nothing left after a failure, links
/// followed, permissions kept, leftovers of killed processes removed. Serialized: the fault
/// seam is process-wide.
@Suite(.serialized)
struct AtomicOutputTests {
  /// A fresh folder holding `previous.jpg` (0600, "previous") and a link `link.jpg` to it.
  private struct Folder {
    let url: URL
    var previous: URL { url.appendingPathComponent("previous.jpg") }
    var link: URL { url.appendingPathComponent("link.jpg") }

    init() throws {
      url = FileManager.default.temporaryDirectory
        .appendingPathComponent("lumen-atomic-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try Data("previous".utf8).write(to: previous)
      chmod(previous.path, 0o600)
      symlink("previous.jpg", link.path)
    }

    var names: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func text(_ name: String) -> String? {
      (try? Data(contentsOf: url.appendingPathComponent(name))).map {
        String(decoding: $0, as: UTF8.self)
      }
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
  }

  private static func mode(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode : 0
  }

  private static func write(_ text: String, to output: AtomicOutput) throws {
    try Data(text.utf8).withUnsafeBytes { bytes in try output.write(bytes) }
  }

  @Test func nothingIsVisibleBeforeTheCommitNorLeftAfterADiscard() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let output = try AtomicOutput(target: folder.previous)
    try Self.write("new", to: output)
    #expect(folder.names == ["link.jpg", "previous.jpg"])
    output.discard()
    #expect(folder.names == ["link.jpg", "previous.jpg"])
    #expect(folder.text("previous.jpg") == "previous")
  }

  @Test func theCommitReplacesTheFileKeepingItsPermissions() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try AtomicOutput.write(Data("new".utf8), to: folder.previous)
    #expect(folder.text("previous.jpg") == "new")
    #expect(Self.mode(folder.previous.path) & 0o777 == 0o600)
    #expect(folder.names == ["link.jpg", "previous.jpg"])
  }

  @Test(.enabled(if: getuid() == 0, "only root may give a file to another owner"))
  func theCommitKeepsTheReplacedFilesOwner() throws {
    let folder = try Folder()
    defer { folder.remove() }
    chown(folder.previous.path, 4321, 4322)
    try AtomicOutput.write(Data("new".utf8), to: folder.previous)
    var status = stat()
    #expect(stat(folder.previous.path, &status) == 0)
    #expect(status.st_uid == 4321 && status.st_gid == 4322)
    #expect(status.st_mode & 0o777 == 0o600)
  }

  @Test func aNewFileGetsTheUmasksMode() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let mask = umask(0o027)
    defer { umask(mask) }
    let new = folder.url.appendingPathComponent("new.png")
    try AtomicOutput.write(Data("new".utf8), to: new)
    #expect(Self.mode(new.path) & 0o777 == 0o640)
  }

  @Test func writingThroughALinkWritesItsTargetAndKeepsTheLink() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try AtomicOutput.write(Data("through".utf8), to: folder.link)
    #expect(Self.mode(folder.link.path) & S_IFMT == S_IFLNK)
    #expect(folder.text("previous.jpg") == "through")
    #expect(Self.mode(folder.previous.path) & 0o777 == 0o600)
  }

  @Test func directoriesFIFOsAndDanglingLinksAreRefused() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let fifo = folder.url.appendingPathComponent("fifo.png")
    mkfifo(fifo.path, 0o644)
    let dangling = folder.url.appendingPathComponent("dangling.png")
    symlink("missing.png", dangling.path)
    let cases: [(URL, String)] = [
      (folder.url, "it is a directory"),
      (fifo, "it is a FIFO"),
      (dangling, "a symbolic link to a missing file or folder"),
    ]
    for (target, reason) in cases {
      #expect(throws: FileError(file: target.path, reason: reason)) {
        try AtomicOutput(target: target)
      }
    }
  }

  @Test func aFullDiskFailsWithTheReasonAndLeavesThePreviousFile() throws {
    let folder = try Folder()
    defer { folder.remove() }
    for faults in [FaultInjection.Faults(write: ENOSPC), FaultInjection.Faults(sync: ENOSPC)] {
      FaultInjection.faults.withLock { $0 = faults }
      defer { FaultInjection.faults.withLock { $0 = FaultInjection.Faults() } }
      let error = #expect(throws: FileError.self) {
        try AtomicOutput.write(Data("new".utf8), to: folder.previous)
      }
      #expect(error?.description.hasPrefix(folder.previous.path + ": cannot ") == true)
      #expect(error?.description.hasSuffix(": No space left on device") == true)
      #expect(folder.text("previous.jpg") == "previous")
      #expect(folder.names == ["link.jpg", "previous.jpg"])
    }
  }

  @Test func theNamedFallbackIsUnmistakableAndRemovedOnDiscard() throws {
    let folder = try Folder()
    defer { folder.remove() }
    FaultInjection.faults.withLock { $0.noAnonymousFiles = true }
    defer { FaultInjection.faults.withLock { $0 = FaultInjection.Faults() } }
    let output = try AtomicOutput(target: folder.previous)
    let partial = folder.names.filter { $0.hasPrefix(".previous.jpg.lumen-partial-\(getpid())-") }
    #expect(partial.count == 1)
    output.discard()
    #expect(folder.names == ["link.jpg", "previous.jpg"])
    try AtomicOutput.write(Data("named".utf8), to: folder.previous)
    #expect(folder.text("previous.jpg") == "named")
    #expect(folder.names == ["link.jpg", "previous.jpg"])
  }

  /// Leftovers of a killed process go; a running process's file and names that are not ours
  /// stay.
  @Test func theNextWriteRemovesLeftoversOfEndedProcessesOnly() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let maximum =
      (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))
      .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 32_768
    let ended = try #require((2..<maximum).reversed().first { kill($0, 0) != 0 && errno == ESRCH })
    let names = [
      ".a.jpg.lumen-partial-\(ended)-x1", ".b.jpg.lumen-partial-\(getppid())-x2",
      ".c.jpg.tmp", "d.jpg.lumen-partial-notours",
    ]
    let old = Date().addingTimeInterval(-3600)
    for name in names {
      let path = folder.url.appendingPathComponent(name).path
      try Data("x".utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
    }
    try AtomicOutput.write(Data("new".utf8), to: folder.previous)
    #expect(folder.names == (names.dropFirst() + ["link.jpg", "previous.jpg"]).sorted())
  }
}
