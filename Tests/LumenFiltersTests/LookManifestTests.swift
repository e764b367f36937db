import Foundation
import LumenCore
import Testing

@testable import LumenFilters

@Suite struct LookManifestTests {
  @Test func roundTripsThroughJSON() throws {
    let library = try LookLibrary.builtIn
    let url = try LookFixtures.manifest(
      String(decoding: try library.manifest.json(), as: UTF8.self))
    let again = try LookLibrary(contentsOf: url)
    #expect(again.manifest == library.manifest)
    #expect(again.looks.map(\.source) == library.looks.map(\.source))
    #expect(again.folders.map(\.name) == library.folders.map(\.name))
  }

  @Test func userManifestWithARecipeAndALUTFile() throws {
    // A 2^3 .cube that swaps red and blue.
    var cube = "TITLE \"swap\"\nLUT_3D_SIZE 2\n"
    for b in 0..<2 { for g in 0..<2 { for r in 0..<2 { cube += "\(b) \(g) \(r)\n" } } }
    let url = try LookFixtures.manifest(
      """
      {"version": 1, "folders": [{"id": "mine", "name": "Mine", "looks": [
        {"id": "dim", "name": "Dim", "recipe": ["exposure ev=-1", "saturationScale amount=0.5"]},
        {"id": "swap", "name": "Swap", "description": "Red and blue swapped.",
         "cube": "luts/swap.cube", "thumbnail": "thumbs/swap.jpg"}
      ]}]}
      """, files: [:])
    let luts = url.deletingLastPathComponent().appendingPathComponent("luts")
    try FileManager.default.createDirectory(at: luts, withIntermediateDirectories: true)
    try cube.write(to: luts.appendingPathComponent("swap.cube"), atomically: true, encoding: .utf8)

    let library = try LookLibrary(contentsOf: url)
    #expect(library.ids == ["dim", "swap"])
    let swap = try library.look("swap")
    #expect(swap.description == "Red and blue swapped.")
    #expect(swap.thumbnail?.path.hasSuffix("thumbs/swap.jpg") == true)
    let out = try Pixels.render(
      Pixels.image([[0.9, 0.5, 0.1, 1]], width: 1).applying(try swap.cube()))
    #expect(Pixels.maxDifference(out, [[0.1, 0.5, 0.9, 1]]) < 1e-5)

    let dim = try Pixels.render(
      Pixels.image([[0.8, 0.8, 0.8, 1]], width: 1).applying(try library.look("dim").cube()))
    #expect(dim[0][0] < 0.7)
  }

  @Test(arguments: [
    // (manifest, words the message must contain)
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "name": "X", "recipe": ["frobnicate amount=1"]}]}]}"#,
      ["look 'x'", "frobnicate", "unknown filter"]
    ),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "name": "X", "recipe": ["gaussianBlur sigma=2"]}]}]}"#,
      ["gaussianBlur", "not a colour filter"]
    ),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "name": "X", "recipe": ["contrastSlope amount=9"]}]}]}"#,
      ["look 'x'", "contrast", "out of range"]
    ),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "name": "X", "recipe": ["look name=noir"]}]}]}"#,
      ["look name=noir", "not a colour filter"]
    ),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "name": "X", "recipe": ["tint amount=0.1"]}, {"id": "x", "name": "Y", "recipe": ["tint amount=0.2"]}]}]}"#,
      ["'x'", "used twice"]
    ),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "recipe": ["tint amount=0.1"]}]}]}"#,
      ["folders[0].looks[0]", "missing field 'name'"]
    ),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "name": "X"}]}]}"#,
      ["folders[0].looks[0]", "'recipe' or a 'cube'"]
    ),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "Bad Id", "name": "X", "recipe": ["tint amount=0.1"]}]}]}"#,
      ["folders[0].looks[0].id", "Bad Id"]
    ),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "name": "X", "recipe": "tint"}]}]}"#,
      ["folders[0].looks[0].recipe", "expected a list"]
    ),
    (#"{"version": 2, "folders": []}"#, ["version 2"]),
    (#"{"folders": []}"#, ["missing field 'version'"]),
    (#"{"version": 1, "folders": [ }"#, ["not valid JSON"]),
    (
      #"{"version": 1, "folders": [{"id": "a", "name": "A", "looks": [{"id": "x", "name": "X", "cube": "missing.cube"}]}]}"#,
      ["look 'x'", "missing.cube"]
    ),
  ])
  func badManifestsAreExplained(json: String, words: [String]) throws {
    let error = try #require(try LookFixtures.error(loading: json))
    let message = "\(error)"
    #expect(message.contains("manifest.json") || message.contains("look '"), "\(message)")
    for word in words { #expect(message.contains(word), "\(message)") }
  }

  @Test func aMissingFileIsExplained() {
    #expect {
      try LookLibrary(contentsOf: URL(fileURLWithPath: "/nonexistent/manifest.json"))
    } throws: { error in
      "\(error)".contains("/nonexistent/manifest.json") && "\(error)".contains("cannot read")
    }
  }
}
