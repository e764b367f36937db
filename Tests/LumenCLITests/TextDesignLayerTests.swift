import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// Text designs: every recipe draws its words inside its box, the same seed gives the same
/// bytes, another seed can change the layout, and inverted designs cut the text out.
struct TextDesignLayerTests {
  static let recipes = [
    "stacked", "mixed", "headline", "banner", "badge", "ring", "dividers", "framed", "highlights",
  ]

  static func render(
    recipe: String, seed: Int = 3, inverted: Bool = false,
    text: String = "Summer nights by the sea",
    in folder: URL
  ) throws -> (status: Int32, errors: String, bitmap: Bitmap?) {
    let photo = folder.appendingPathComponent("plain.png")
    if !FileManager.default.fileExists(atPath: photo.path) {
      try ImageFile.write(
        Bitmap(width: 600, height: 600, format: .rgb8) { bytes in
          for index in bytes.indices { bytes[index] = 40 }
        }, to: photo)
    }
    let doc = folder.appendingPathComponent("design.json")
    try Data(
      """
      {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
       {"id":"title","kind":"textDesign","text":"\(text)","font":"DejaVu Sans:style=Bold",
        "recipe":"\(recipe)","seed":\(seed),"inverted":\(inverted),
        "transform":{"x":0.5,"y":0.5,"width":0.6}}]}
      """.utf8
    ).write(to: doc)
    let output = folder.appendingPathComponent("design.png")
    let result = try CLI.run(
      "edit", photo.path, "--doc", doc.path, "-o", output.path, "--overwrite")
    guard result.status == 0 else { return (result.status, result.errors, nil) }
    return (0, result.errors, try ImageFile.read(output).bitmap)
  }

  /// Pixels that differ from the dark grey canvas, and whether all lie in the box's columns.
  static func ink(_ b: Bitmap) -> (count: Int, insideColumns: Bool) {
    var count = 0
    var inside = true
    for y in 0..<b.height {
      for x in 0..<b.width
      where b.sample(x: x, y: y).contains(where: { abs($0 - 40.0 / 255) > 0.1 }) {
        count += 1
        if x < 115 || x > 485 { inside = false }
      }
    }
    return (count, inside)
  }

  @Test(.enabled(if: TextLayerTests.fontsInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func everyRecipeDrawsInsideItsBoxTheSameEveryTime() throws {
    let folder = try CLI.scratch()
    for recipe in Self.recipes {
      let first = try Self.render(recipe: recipe, in: folder)
      #expect(first.status == 0, "\(recipe): \(first.errors)")
      let again = try Self.render(recipe: recipe, in: folder)
      let a = try #require(first.bitmap)
      let b = try #require(again.bitmap)
      #expect(samples(of: a) == samples(of: b), "\(recipe) is not deterministic")
      let ink = Self.ink(a)
      #expect(ink.count > 2000 && ink.insideColumns, "\(recipe): \(ink)")
      // Inverted: the text is cut out, so the drawing differs and shows canvas inside it.
      let inverted = try #require(
        try Self.render(recipe: recipe, inverted: true, in: folder).bitmap)
      #expect(samples(of: inverted) != samples(of: a), "\(recipe) inverted")
      #expect(Self.ink(inverted).count > 2000, "\(recipe) inverted")
    }
  }

  /// The recipes that choose at random give different layouts for some seeds.
  @Test(.enabled(if: TextLayerTests.fontsInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func seedsChangeTheRandomChoices() throws {
    let folder = try CLI.scratch()
    for recipe in ["mixed", "headline", "highlights"] {
      var layouts = Set<[Double]>()
      for seed in 0..<6 {
        let drawn = try #require(try Self.render(recipe: recipe, seed: seed, in: folder).bitmap)
        layouts.insert(samples(of: drawn))
      }
      #expect(layouts.count >= 2, "\(recipe): \(layouts.count) layouts from 6 seeds")
    }
  }

  @Test func badDesignsAreRefusedNamingTheLayer() throws {
    let folder = try CLI.scratch()
    let unknown = try Self.render(recipe: "spiral", in: folder)
    #expect(unknown.status == 1 && unknown.errors.contains("layers[0].recipe"), "\(unknown.errors)")
    let many = try Self.render(
      recipe: "stacked", text: Array(repeating: "word", count: 65).joined(separator: " "),
      in: folder)
    #expect(many.status == 1 && many.errors.contains("layers[0] (\"title\")"), "\(many.errors)")
    #expect(many.errors.split(separator: "\n").count == 1)
  }
}
