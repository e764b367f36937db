import Foundation
import LumenCodecs
import LumenTestSupport
import Testing

@Suite struct LooksCommandTests {
  let sample = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path

  @Test func writesASheetOfTheExpectedSize() throws {
    let out = try CLI.scratch().appendingPathComponent("sheet.png")
    let result = try CLI.run(
      "looks", sample, "-o", out.path, "--folder", "Duotone", "--columns", "4", "--size", "100")
    #expect(result.status == 0, "\(result.errors)")
    // coffee.jpg is 3:2: cells 100x67, 8 duotones in 2 rows of 4, labels 12 px, margins 12.
    // Width 4 * (100 + 12) + 12; height: heading (11 * 2 + 6) + 2 * (67 + 12 + 12) + 12.
    let info = try ImageFile.info(out)
    #expect(info.width == 460 && info.height == 222)
  }

  @Test func coversEveryLookByDefault() throws {
    let out = try CLI.scratch().appendingPathComponent("sheet.jpg")
    let result = try CLI.run("looks", sample, "-o", out.path, "--size", "48", "--columns", "10")
    #expect(result.status == 0, "\(result.errors)")
    let list = try CLI.run("looks", "--list")
    let ids = list.output.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(ids.count >= 60)
    #expect(try ImageFile.info(out).width == 10 * 60 + 12)
  }

  @Test func renderTakesALookByName() throws {
    let out = try CLI.scratch().appendingPathComponent("noir.png")
    let result = try CLI.run(
      "render", sample, "-o", out.path, "--size", "64", "--filter", "look name=noir intensity=0.8")
    #expect(result.status == 0, "\(result.errors)")
  }

  @Test(arguments: [
    ["looks", "IN", "-o", "OUT", "--folder", "nosuchfolder"],
    ["looks", "IN", "-o", "OUT", "--columns", "0"],
    ["looks", "IN"],
    ["looks", "IN", "-o", "OUT", "--manifest", "/nonexistent/manifest.json"],
    ["render", "IN", "-o", "OUT", "--filter", "look name=nosuchlook"],
  ])
  func mistakesAreRefused(_ words: [String]) throws {
    let out = try CLI.scratch().appendingPathComponent("out.jpg").path
    let result = try CLI.run(words.map { $0 == "IN" ? sample : $0 == "OUT" ? out : $0 })
    #expect(result.status != 0)
    #expect(result.errors.hasPrefix("lumen: "))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// A look library (LUMEN_LOOKS) whose recipe names an unknown filter: its looks are read
  /// while the filter registry is being made, and the error for the bad step once asked that
  /// registry again, which waited for itself forever. Every command must still finish.
  @Test func aLibraryWithABadRecipeDoesNotHang() throws {
    let library = try CLI.scratch()
    let manifest = #"""
      {"version": 1, "folders": [{"id": "mine", "name": "Mine", "looks": [
        {"id": "odd", "name": "Odd", "description": "A step no registry has.",
         "thumbnail": "odd.jpg", "recipe": ["noSuchFilter amount=1"]}]}]}
      """#
    let manifestFile = library.appendingPathComponent("manifest.json")
    try Data(manifest.utf8).write(to: manifestFile)
    let out = library.appendingPathComponent("out.jpg").path
    var environment = ProcessInfo.processInfo.environment
    environment["LUMEN_LOOKS"] = manifestFile.path
    let result = try Program.run(
      "timeout",
      ["20", CLI.executable.path, "render", sample, "-o", out, "--filter", "gammaPower power=1.1"],
      environment: environment)
    #expect(result.status != 124, "lumen hung")
    #expect(result.status == 0 || result.errors.contains("noSuchFilter"), "\(result.errors)")
  }
}
