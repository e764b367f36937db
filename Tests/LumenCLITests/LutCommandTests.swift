import Foundation
import LumenCodecs
import Testing

@Suite struct LutCommandTests {
  let sample = CLI.packageRoot.appendingPathComponent("samples/chelsea.jpg").path

  /// The identity-image workflow end to end: write the identity, load it back as a look; an
  /// ungraded identity leaves the photo's pixels as they were.
  @Test(arguments: ["tiled8x8", "tiled:5x25", "hald:8"])
  func ungradedIdentityImagesLeaveThePhotoUnchanged(_ layout: String) throws {
    let dir = try CLI.scratch()
    let identity = dir.appendingPathComponent("identity.png")
    let made = try CLI.run("lut", "identity", "--layout", layout, "-o", identity.path)
    #expect(made.status == 0, "\(made.errors)")
    let plain = dir.appendingPathComponent("plain.png")
    let looked = dir.appendingPathComponent("looked.png")
    #expect(try CLI.run("render", sample, "-o", plain.path).status == 0)
    let result = try CLI.run(
      "render", sample, "-o", looked.path, "--look", identity.path, "--look-layout", layout)
    #expect(result.status == 0, "\(result.errors)")
    let a = try ImageFile.read(plain).bitmap
    let b = try ImageFile.read(looked).bitmap
    var worst: Float = 0
    for y in stride(from: 0, to: a.height, by: 2) {
      for x in stride(from: 0, to: a.width, by: 2) {
        for (p, q) in zip(a.sample(x: x, y: y), b.sample(x: x, y: y)) {
          worst = max(worst, abs(p - q))
        }
      }
    }
    #expect(worst * 255 <= 0.5, "\(layout): \(worst * 255) levels")
  }

  @Test func convertsBetweenFormatsAndDescribesThem() throws {
    let dir = try CLI.scratch()
    let cube = dir.appendingPathComponent("identity.cube")
    let hald = dir.appendingPathComponent("hald.png")
    #expect(try CLI.run("lut", "identity", "--layout", "cube:17", "-o", cube.path).status == 0)
    #expect(
      try CLI.run("lut", "convert", cube.path, "-o", hald.path, "--out-layout", "hald:5").status
        == 0)
    let info = try CLI.run("lut", "info", hald.path, "--layout", "hald")
    #expect(info.status == 0 && info.output.contains("25"), "\(info.output)")
    let unknown = try CLI.run("lut", "info", hald.path)
    #expect(unknown.status != 0, "a LUT image's layout must be declared, never guessed")
  }

  @Test func malformedCubesNameTheLine() throws {
    let dir = try CLI.scratch()
    let bad = dir.appendingPathComponent("bad.cube")
    try Data("LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 nan\n".utf8).write(to: bad)
    let result = try CLI.run(
      "render", sample, "-o", dir.appendingPathComponent("o.jpg").path, "--look", bad.path)
    #expect(result.status == 1 && result.errors.contains("line 4"), "\(result.errors)")
  }

  /// A 129^3 `.cube` (55 MB of text) is streamed to the file: the peak is the table, not its
  /// text (building the text in memory took about 3 GB for 256^3).
  @Test(.enabled(if: PeakMemory.isAvailable, "needs GNU time (/usr/bin/time, package time)"))
  func largeCubesAreWrittenInBoundedMemory() throws {
    let dir = try CLI.scratch()
    let cube = dir.appendingPathComponent("big.cube")
    let (result, megabytes) = try PeakMemory.run(
      "lut", "identity", "--layout", "cube:129", "-o", cube.path)
    #expect(result.status == 0, "\(result.errors)")
    let size = try FileManager.default.attributesOfItem(atPath: cube.path)[.size] as? Int ?? 0
    #expect(size > 50 << 20, "\(size) bytes")
    #expect(megabytes <= 130, "\(megabytes) MB for \(size >> 20) MB of text")
  }

  @Test func aMissingCubeSaysSo() throws {
    let missing = try CLI.scratch().appendingPathComponent("missing.cube").path
    let result = try CLI.run("lut", "info", missing)
    #expect(
      result.errors
        == "lumen: error: \(missing): cannot open the file: No such file or directory\n")
  }

  /// A `.cube` that cannot fit is refused before anything is written, naming the room needed.
  @Test(.enabled(if: Tmpfs.isAvailable, "mounting a small tmpfs needs root"))
  func aCubeThatCannotFitIsRefusedAtOnce() throws {
    try Tmpfs.withFullDisk { dir in
      let out = dir.appendingPathComponent("big.cube").path
      let result = try CLI.run("lut", "identity", "--layout", "cube:65", "-o", out)
      #expect(result.status == 1)
      let expected = "lumen: error: \(out): needs up to 12 MB"
      #expect(result.errors.hasPrefix(expected), "\(result.errors)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["fill"])
    }
  }
}
