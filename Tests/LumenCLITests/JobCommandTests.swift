import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// `lumen edit` and `lumen video` build jobs: the same document gives the same picture through
/// every command, jobs print and run again, and documents read only where they may.
@Suite struct JobCommandTests {
  /// A LUT that swaps red and blue: impossible to mistake for the original.
  static let swapCube = """
    LUT_3D_SIZE 2
    0 0 0
    0 0 1
    0 1 0
    0 1 1
    1 0 0
    1 0 1
    1 1 0
    1 1 1

    """

  /// A document in `dir` whose look is the .cube file at `lookPath` (relative to the document).
  static func document(in dir: URL, lookPath: String) throws -> URL {
    let doc = dir.appendingPathComponent("edit.json")
    try Data(
      """
      {"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {
       "adjustments": {"contrast": 0.2}, "look": {"id": "\(lookPath)", "intensity": 1}}}
      """.utf8
    ).write(to: doc)
    return doc
  }

  @Test(.tags(.oracle), .requires(.ffmpeg))
  func aCubeLookGivesOnePictureThroughEditVideoFrameAndVideo() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("luts"), withIntermediateDirectories: true)
    try Data(Self.swapCube.utf8).write(to: dir.appendingPathComponent("luts/swap.cube"))
    let doc = try Self.document(in: dir, lookPath: "luts/swap.cube")
    let clip = try VideoCommandTests.clip(in: dir)
    func file(_ name: String) -> String { dir.appendingPathComponent(name).path }
    func lumen(_ words: String...) throws {
      let result = try CLI.run(words)
      #expect(result.status == 0, "lumen \(words.joined(separator: " ")): \(result.errors)")
    }
    try lumen("video", "frame", clip.path, "--time", "0", "-o", file("still.png"))
    try lumen("edit", file("still.png"), "--doc", doc.path, "-o", file("edit.png"))
    try lumen(
      "video", "frame", clip.path, "--time", "0", "--doc", doc.path, "-o", file("frame.png"))
    try lumen("video", clip.path, "--doc", doc.path, "--crf", "0", "-o", file("movie.mp4"))
    try lumen("video", "frame", file("movie.mp4"), "--time", "0", "-o", file("movie.png"))

    let edit = try ImageFile.read(URL(fileURLWithPath: file("edit.png"))).bitmap
    let frame = try ImageFile.read(URL(fileURLWithPath: file("frame.png"))).bitmap
    let movie = try ImageFile.read(URL(fileURLWithPath: file("movie.png"))).bitmap
    let still = try ImageFile.read(URL(fileURLWithPath: file("still.png"))).bitmap
    #expect(psnr(edit, frame) >= 50)
    // The movie went through 4:2:0 chroma once more.
    #expect(psnr(edit, movie) >= 30)
    #expect(psnr(edit, still) < 20, "the look was not applied")
  }

  @Test func printedJobsRunToTheSameBytes() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(Self.swapCube.utf8).write(to: dir.appendingPathComponent("swap.cube"))
    let doc = try Self.document(in: dir, lookPath: "swap.cube")
    let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let direct = dir.appendingPathComponent("direct.png").path
    let viaJob = dir.appendingPathComponent("job.png").path
    #expect(
      try CLI.run("edit", photo, "--doc", doc.path, "-o", direct, "--preview", "300").status == 0)
    let printed = try CLI.run(
      "edit", photo, "--doc", doc.path, "-o", viaJob, "--preview", "300", "--print-job")
    #expect(printed.status == 0)
    #expect(printed.output.filter { $0 == "\n" }.count == 1)
    #expect(!FileManager.default.fileExists(atPath: viaJob), "--print-job must not run the job")
    let job = dir.appendingPathComponent("sub/job.json")
    try FileManager.default.createDirectory(
      at: job.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(printed.output.utf8).write(to: job)
    let run = try CLI.run("edit", "--job", job.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: direct))
        == Data(contentsOf: URL(fileURLWithPath: viaJob)))

    let mixed = try CLI.run("edit", "--job", job.path, "-o", direct)
    #expect(mixed.status == 2)
    try Data(#"{"input": "a.jpg", "output": "b.jpg", "qualty": 3}"#.utf8).write(to: job)
    let bad = try CLI.run("edit", "--job", job.path)
    #expect(bad.status == 1)
    #expect(bad.errors.contains("qualty: unknown key"), "\(bad.errors)")
  }

  @Test func videoJobsPrintAndRefuseToWriteOverTheirClips() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = dir.appendingPathComponent("a.mp4")
    try Data("not read before the check".utf8).write(to: clip)
    let printed = try CLI.run(
      "video", clip.path, "--trim", "1:2.5", "--fps", "29.97", "--size", "640", "-o",
      dir.appendingPathComponent("out.mp4").path, "--print-job")
    #expect(printed.status == 0, "\(printed.errors)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(printed.output.utf8)) as? [String: Any])
    #expect(object["frameRate"] as? String == "29.97")
    #expect(object["longSide"] as? Int == 640)
    let clips = try #require(object["clips"] as? [[String: Any]])
    #expect((clips.first?["trim"] as? [String: Any])?["to"] as? Double == 2.5)
    // The same job writing over its own clip, through a link.
    let link = dir.appendingPathComponent("link.mp4")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: clip)
    var hostile = object
    hostile["output"] = link.path
    let job = dir.appendingPathComponent("job.json")
    try JSONSerialization.data(withJSONObject: hostile).write(to: job)
    let refused = try CLI.run("video", "--job", job.path)
    #expect(refused.status == 1)
    #expect(refused.errors.contains("refusing to write over"), "\(refused.errors)")
    #expect(try String(contentsOf: clip, encoding: .utf8) == "not read before the check")
  }

  @Test func documentsReadOnlyInsideTheirFolderAndAllowedOnes() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let docs = dir.appendingPathComponent("docs")
    let shared = dir.appendingPathComponent("shared")
    for folder in [docs, shared] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try Data(Self.swapCube.utf8).write(to: shared.appendingPathComponent("swap.cube"))
    let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let out = dir.appendingPathComponent("out.jpg").path
    for look in ["../shared/swap.cube", shared.appendingPathComponent("swap.cube").path] {
      let doc = try Self.document(in: docs, lookPath: look)
      let refused = try CLI.run("edit", photo, "--doc", doc.path, "-o", out, "--preview", "64")
      #expect(refused.status == 1)
      #expect(refused.errors.contains("outside the folders"), "\(refused.errors)")
      #expect(!FileManager.default.fileExists(atPath: out))
      let allowed = try CLI.run(
        "edit", photo, "--doc", doc.path, "-o", out, "--preview", "64", "--allow", shared.path)
      #expect(allowed.status == 0, "\(allowed.errors)")
      try? FileManager.default.removeItem(atPath: out)
    }
  }
}

/// A graded LUT image as a document's look: its layout is declared in the document.
@Suite struct LUTImageLookTests {
  @Test func aLUTImageLookNeedsItsLayout() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let identity = dir.appendingPathComponent("identity.png")
    #expect(try CLI.run("lut", "identity", "-o", identity.path).status == 0)
    let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    func edit(_ look: String, _ output: String) throws -> CLI.Result {
      let doc = dir.appendingPathComponent("doc.json")
      try Data(
        #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": {"#
          .appending(#""adjustments": {"contrast": 0.3}\#(look)}}"#).utf8
      ).write(to: doc)
      return try CLI.run(
        "edit", photo, "--doc", doc.path, "-o", dir.appendingPathComponent(output).path,
        "--preview", "200")
    }
    #expect(try edit("", "plain.png").status == 0)
    let withLayout = try edit(
      #", "look": {"id": "identity.png", "layout": "tiled8x8", "intensity": 1}"#, "looked.png")
    #expect(withLayout.status == 0, "\(withLayout.errors)")
    let plain = try ImageFile.read(dir.appendingPathComponent("plain.png")).bitmap
    let looked = try ImageFile.read(dir.appendingPathComponent("looked.png")).bitmap
    // An 8-bit identity image is the identity within a rounding of its 64 levels.
    #expect(psnr(plain, looked) >= 45, "an identity LUT image changes almost nothing")
    let undeclared = try edit(#", "look": {"id": "identity.png"}"#, "x.png")
    #expect(undeclared.status == 1)
    #expect(undeclared.errors.contains("layout"), "\(undeclared.errors)")
    let badLayout = try edit(#", "look": {"id": "identity.png", "layout": "tiled:0x3"}"#, "y.png")
    #expect(badLayout.status == 1)
    #expect(badLayout.errors.contains("operations.look"), "\(badLayout.errors)")
  }
}
