import Foundation
import LumenTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `lumen` writes never costs a file: no input is replaced (however it is named), a link
/// is written through, a private file stays private, and a full or read-only disk leaves the
/// previous output whole; every failure is one line naming the file and the cause.
@Suite struct OutputSafetyTests {
  static let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path

  /// A scratch folder with a copy of the sample photo as `in.jpg`.
  static func folder() throws -> URL {
    let folder = try CLI.scratch()
    try FileManager.default.copyItem(
      atPath: photo, toPath: folder.appendingPathComponent("in.jpg").path)
    return folder
  }

  static func contents(_ url: URL) -> Data? { try? Data(contentsOf: url) }

  static func names(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode : 0
  }

  /// Expects a failure with status 1 and one line on standard error containing `words`.
  static func expectFailure(_ result: CLI.Result, saying words: String) {
    #expect(result.status == 1, "\(result.errors)")
    #expect(result.errors.hasPrefix("lumen: error: "))
    #expect(result.errors.filter { $0 == "\n" }.count == 1, "\(result.errors)")
    #expect(result.errors.contains(words), "\(result.errors)")
  }

  // MARK: Inputs are never replaced

  @Test func renderRefusesToWriteOverItsLookByAnyName() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let look = folder.appendingPathComponent("graded.png")
    #expect(try CLI.run("lut", "identity", "-o", look.path).status == 0)
    let hard = folder.appendingPathComponent("hard.png")
    link(look.path, hard.path)
    let before = Self.contents(look)
    for output in [look, hard] {
      let result = try CLI.run(
        "render", folder.appendingPathComponent("in.jpg").path, "-o", output.path, "--look",
        look.path, "--look-layout", "tiled8x8")
      Self.expectFailure(result, saying: "refusing to write over")
    }
    #expect(Self.contents(look) == before)
    #expect(Self.names(folder) == ["graded.png", "hard.png", "in.jpg"])
  }

  @Test func editRefusesToWriteOverTheDocumentOrItsOverlay() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.jpg").path
    let overlay = folder.appendingPathComponent("overlay.png")
    #expect(try CLI.run("render", input, "-o", overlay.path, "--size", "64").status == 0)
    let document = folder.appendingPathComponent("d.json")
    try Data(
      """
      {"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": {},
       "layers": [{"id": "o", "kind": "image", "source": "overlay.png",
                   "transform": {"x": 0.5, "y": 0.5, "width": 0.3, "height": 0.3}}]}
      """.utf8
    ).write(to: document)
    let before = [overlay, document].map(Self.contents)
    for output in [overlay, document] {
      let result = try CLI.run("edit", input, "--doc", document.path, "-o", output.path)
      Self.expectFailure(result, saying: "refusing to write over")
    }
    #expect([overlay, document].map(Self.contents) == before)
    // A reader of the old file keeps it: the new one is renamed into place.
    let reader = try FileHandle(forReadingFrom: overlay)
    defer { try? reader.close() }
    let result = try CLI.run(
      "edit", input, "--doc", document.path, "-o", overlay.path, "--overwrite")
    #expect(result.status == 0, "\(result.errors)")
    #expect(Self.contents(overlay) != before[0])
    #expect(try reader.readToEnd() == before[0])
  }

  @Test(.tags(.oracle), .requires(.ffmpeg))
  func videoRefusesToWriteOverItsMusic() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try VideoCommandTests.clip(in: folder)
    let song = folder.appendingPathComponent("song.mp4")
    try VideoCommandTests.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", song.path])
    let before = Self.contents(song)
    let result = try CLI.run("video", clip.path, "--music", song.path, "-o", song.path)
    Self.expectFailure(result, saying: "refusing to write over")
    #expect(Self.contents(song) == before)
  }

  // MARK: Output paths

  @Test func aLinkIsWrittenThroughAndAPrivateFileStaysPrivate() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("private.jpg")
    try Data("previous".utf8).write(to: target)
    chmod(target.path, 0o600)
    let link = folder.appendingPathComponent("link.jpg")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "private.jpg")
    let input = folder.appendingPathComponent("in.jpg").path
    #expect(try CLI.run("render", input, "-o", link.path, "--size", "32").status == 0)
    #expect(Self.mode(link.path) & S_IFMT == S_IFLNK)
    #expect(Self.mode(target.path) & 0o777 == 0o600)
    #expect(Self.contents(target)?.starts(with: [0xFF, 0xD8]) == true)
    #expect(Self.names(folder) == ["in.jpg", "link.jpg", "private.jpg"])
  }

  @Test func aDirectoryOrFIFOIsNoOutput() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let directory = folder.appendingPathComponent("out.jpg")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    let fifo = folder.appendingPathComponent("fifo.png")
    mkfifo(fifo.path, 0o644)
    let input = folder.appendingPathComponent("in.jpg").path
    Self.expectFailure(
      try CLI.run("render", input, "-o", directory.path),
      saying: "\(directory.path): it is a directory")
    Self.expectFailure(
      try CLI.run("render", input, "-o", fifo.path),
      saying: "\(fifo.path): it is a FIFO")
  }

  // MARK: Full disk, read-only folder, vanished input

  /// A 1 MB tmpfs: the render of a 3000-pixel PNG does not fit.
  @Test(.enabled(if: Tmpfs.isAvailable, "needs root and tmpfs mounts"))
  func aFullDiskLeavesThePreviousOutput() throws {
    let disk = try Tmpfs(options: "size=1m")
    defer { disk.unmount() }
    let output = disk.folder.appendingPathComponent("out.png")
    try Data("previous".utf8).write(to: output)
    let result = try CLI.run(
      "render", Self.photo, "-o", output.path, "--filter", "resize width=3000")
    Self.expectFailure(result, saying: "\(output.path): ")
    Self.expectFailure(result, saying: "No space left on device")
    #expect(Self.contents(output) == Data("previous".utf8))
    #expect(Self.names(disk.folder) == ["out.png"])
  }

  @Test(.enabled(if: Tmpfs.isAvailable, "needs root and tmpfs mounts"))
  func aReadOnlyFolderLeavesThePreviousOutput() throws {
    let disk = try Tmpfs(options: "size=1m")
    defer { disk.unmount() }
    let output = disk.folder.appendingPathComponent("out.jpg")
    try Data("previous".utf8).write(to: output)
    try disk.remount(options: "remount,ro")
    let result = try CLI.run("render", Self.photo, "-o", output.path, "--size", "32")
    Self.expectFailure(result, saying: "\(output.path): ")
    Self.expectFailure(result, saying: "Read-only file system")
    #expect(Self.contents(output) == Data("previous".utf8))
  }

  @Test func aMissingInputIsNamed() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let gone = folder.appendingPathComponent("gone.jpg").path
    let result = try CLI.run("render", gone, "-o", folder.appendingPathComponent("o.jpg").path)
    Self.expectFailure(result, saying: gone)
    #expect(Self.names(folder) == ["in.jpg"])
  }

  // MARK: Error lines

  @Test func foundationErrorsReadAsFileAndReason() throws {
    let result = try CLI.run("demo", "--out", "/dev/null/out")
    #expect(result.errors == "lumen: error: /dev/null/out: Not a directory\n")
  }

  @Test func demoOutsideTheCheckoutNamesTheMissingSampleFolder() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let samples = folder.appendingPathComponent("samples").path
    let result = try CLI.run("demo", "--samples", samples, "--out", folder.path)
    Self.expectFailure(result, saying: "\(samples): no sample folder there")
  }

  @Test func aHugeEchoedNameIsCutShort() throws {
    let name = String(repeating: "x", count: 100_000)
    let result = try CLI.run("render", Self.photo, "-o", "/tmp/o.jpg", "--filter", name)
    #expect(result.status != 0)
    #expect(result.errors.count < 1000, "\(result.errors.count) characters")
    #expect(result.errors.filter { $0 == "\n" }.count == 1)
  }
}
