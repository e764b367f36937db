import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenFilters

/// `.cube` files on disk: errors name the file and the real cause (before, a missing file was
/// "cannot read the file as UTF-8 text"), a FIFO is refused without waiting on it, and the
/// text is written in pieces, atomically.
@Suite struct CubeFileIOTests {
  @Test func readingErrorsNameTheCause() throws {
    let dir = try Scratch.directory()
    let missing = dir.appendingPathComponent("missing.cube")
    #expect(
      throws: LUTError(
        file: missing.path, problem: .io("cannot open the file: No such file or directory"))
    ) { try CubeFile(contentsOf: missing) }
    let fifo = dir.appendingPathComponent("fifo.cube")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(throws: LUTError(file: fifo.path, problem: .io("not a regular file (a FIFO)"))) {
      try CubeFile(contentsOf: fifo)
    }
    #expect(throws: LUTError(file: dir.path, problem: .io("not a regular file (a directory)"))) {
      try CubeFile(contentsOf: dir)
    }
    let binary = dir.appendingPathComponent("binary.cube")
    try Data([0x4C, 0x55, 0x54, 0xFF, 0xFE, 0x0A]).write(to: binary)
    #expect(throws: LUTError.self) { try CubeFile(contentsOf: binary) }
  }

  /// The pieces are the whole text, each at most a little over 64 KB, and the file written
  /// is that text.
  @Test func writesTheTextInPieces() throws {
    let file = CubeFile(title: "grid", lut: .cube(.identity(size: 33)))
    var pieces: [String] = []
    file.writeText { pieces.append($0) }
    #expect(pieces.count > 10)
    #expect(pieces.allSatisfy { $0.utf8.count < (1 << 16) + 64 })
    let url = try Scratch.directory().appendingPathComponent("grid.cube")
    try file.write(to: url)
    let written = try String(contentsOf: url, encoding: .utf8)
    #expect(written == pieces.joined())
    #expect(try CubeFile(contentsOf: url) == file)
  }

  @Test func writingIntoAFolderThatDoesNotExistIsOneLine() throws {
    let url = try Scratch.directory().appendingPathComponent("no/such/folder/grid.cube")
    do {
      try CubeFile(lut: .cube(.identity(size: 2))).write(to: url)
      Issue.record("wrote into a missing folder")
    } catch {
      #expect(
        "\(error)"
          == "\(url.path): cannot create a file in \(url.deletingLastPathComponent().path): "
          + "No such file or directory")
    }
  }

  /// A file of several 1 MB pieces reads as its text does, lines cut across pieces included.
  @Test func readsFilesOfManyPieces() throws {
    let file = CubeFile(lut: .cube(.identity(size: 65)))
    let url = try Scratch.directory().appendingPathComponent("big.cube")
    try file.write(to: url)
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    #expect(size > 4 * CubeFileReader.pieceBytes)
    #expect(try CubeFile(contentsOf: url) == file)
  }

  /// A file that is one endless line is refused, not gathered in memory.
  @Test func refusesEndlessLines() throws {
    let url = try Scratch.directory().appendingPathComponent("long.cube")
    try Data(("TITLE \"" + String(repeating: "x", count: 3 << 20)).utf8).write(to: url)
    #expect(
      throws: LUTError(
        file: url.path, line: 1, problem: .unsupported("a line longer than 65536 bytes"))
    ) { try CubeFile(contentsOf: url) }
  }
}
