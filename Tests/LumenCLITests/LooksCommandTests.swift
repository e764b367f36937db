import Foundation
import LumenCodecs
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
}
