import Foundation
import LumenTestSupport
import Testing

/// `lumen symbols check`: status 0 when the masters interpolate, 1 when they do not (each
/// problem with its master, path and node), 2 when an input cannot be read; JSON or a table.
@Suite struct SymbolsCommandTests {
  static let corpus = "Tests/LumenSymbolsTests/corpus"

  static func masters(_ triplet: String) -> [String] {
    ["Ultralight", "Regular", "Black"].map { "\(corpus)/\(triplet)/\($0).svg" }
  }

  @Test func statusesSayWhetherTheMastersInterpolate() throws {
    let good = try CLI.run(["symbols", "check"] + Self.masters("heart"))
    #expect(good.status == 0)
    #expect(good.output.hasSuffix("the masters interpolate\n"))
    let reversed = try CLI.run(["symbols", "check", "--json"] + Self.masters("plus-reversed"))
    #expect(reversed.status == 1)
    let report =
      try JSONSerialization.jsonObject(with: Data(reversed.output.utf8)) as? [String: Any]
    let problems = report?["problems"] as? [[String: Any]] ?? []
    #expect(problems.count == 1)
    #expect(problems.first?["kind"] as? String == "direction")
    #expect(problems.first?["master"] as? String == "Black" && problems.first?["path"] as? Int == 0)
    #expect((report?["masters"] as? [[String: Any]])?.count == 3)
  }

  @Test func unreadableInputsGiveStatusTwoAndOneLine() throws {
    let folder = try CLI.scratch()
    let broken = folder.appendingPathComponent("broken.svg")
    try Data("<svg><path d=\"M0 0 L1e999 0\"/></svg>".utf8).write(to: broken)
    #expect(mkfifo(folder.appendingPathComponent("fifo.svg").path, 0o600) == 0)
    for files in [
      [broken.path, broken.path, broken.path], [folder.appendingPathComponent("fifo.svg").path],
      ["/no/such.svg", "/no/such.svg", "/no/such.svg"], Array(Self.masters("ring").prefix(2)),
      [Self.masters("ring")[0]],
    ] {
      let result = try CLI.run(["symbols", "check"] + files)
      #expect(result.status == 2, "\(files)")
      #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
    }
  }

  @Test func fixWritesATemplateThatInterpolatesOrNothing() throws {
    let folder = try CLI.scratch()
    let template = folder.appendingPathComponent("fixed.svg")
    let fixed = try CLI.run(
      ["symbols", "fix"] + Self.masters("heart-reversed") + ["-o", template.path])
    #expect(fixed.status == 0, "\(fixed.errors)")
    #expect(fixed.output.contains("Black path 0: reversed"))
    #expect(try CLI.run("symbols", "check", template.path).status == 0)
    let none = folder.appendingPathComponent("none.svg")
    let refused = try CLI.run(
      ["symbols", "fix"] + Self.masters("ring-missing-path") + ["-o", none.path])
    #expect(refused.status == 1)
    #expect(refused.errors.contains("cannot fix: Black has 1 paths, Regular 2"))
    #expect(!FileManager.default.fileExists(atPath: none.path))
    let both = try CLI.run(
      ["symbols", "fix"] + Self.masters("heart") + ["-o", none.path, "--out-dir", folder.path])
    #expect(both.status == 2)
    let input = Self.masters("heart-reversed")[0]
    let over = try CLI.run(["symbols", "fix"] + Self.masters("heart-reversed") + ["-o", input])
    #expect(over.status == 1 && over.errors.contains("refusing to write over"))
  }

  @Test func interpolateRefusesMastersThatDoNotInterpolateAndWeightsOutside() throws {
    let out = try CLI.scratch().appendingPathComponent("w.svg").path
    let refused = try CLI.run(
      ["symbols", "interpolate"] + Self.masters("heart-reversed") + ["--weight", "0.3", "-o", out])
    #expect(refused.status == 1 && refused.errors.contains("check or fix them first"))
    for weight in ["1.5", "-0.1", "nan"] {
      let result = try CLI.run(
        ["symbols", "interpolate"] + Self.masters("heart") + ["--weight", weight, "-o", out])
      #expect(result.status == 2, "\(weight)")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
