import Foundation
import LumenCore
import Testing

@testable import LumenFilters

@Suite struct LookLibraryTests {
  let library: LookLibrary

  init() throws { library = try LookLibrary.builtIn }

  /// The manifest ships in LumenFilters' resource bundle, not found through the source tree
  /// or the working directory (unless `LUMEN_LOOKS` points elsewhere).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["LUMEN_LOOKS"] == nil))
  func comesFromTheResourceBundle() throws {
    let manifest = try #require(LookLibrary.builtInCandidates.first)
    #expect(LookLibrary.builtInCandidates.count == 1)
    #expect(manifest.path.hasSuffix(".resources/looks/manifest.json"), "\(manifest.path)")
    #expect(FileManager.default.fileExists(atPath: manifest.path))
  }

  @Test func hasSixtyLooksInSevenFolders() {
    #expect(library.looks.count >= 60)
    #expect(library.folders.count >= 7)
    #expect(library.folders.allSatisfy { !$0.looks.isEmpty })
    #expect(Set(library.ids).count == library.ids.count)
  }

  @Test func hasThePhotoEffectsAndEightDuotones() throws {
    let effects = try library.folder("Photo Effects").looks.map(\.name)
    #expect(
      effects == ["Chrome", "Fade", "Instant", "Mono", "Noir", "Process", "Tonal", "Transfer"])
    let duotones = try library.folder("duotone").looks
    #expect(duotones.count == 8)
    for look in duotones {
      guard case .recipe(let recipe) = look.source else {
        Issue.record("\(look.id) is not a recipe")
        continue
      }
      #expect(recipe.steps.map(\.name) == ["duotone"], "\(look.id)")
    }
  }

  /// Every look bakes, applies, changes the picture noticeably and has its thumbnail.
  @Test func everyLookRendersDiffersFromTheOriginalAndHasAThumbnail() throws {
    let original = LookFixtures.picture
    for look in library.looks {
      let out = try Pixels.render(LookFixtures.image.applying(look.cube()))
      var sum: Float = 0
      for (a, b) in zip(original, out) {
        sum += abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])
      }
      let mean = sum / Float(3 * original.count)
      #expect(mean > 0.02, "\(look.id) changes the picture by only \(mean)")
      #expect(out.allSatisfy { $0.allSatisfy(\.isFinite) }, "\(look.id)")
      let thumbnail = try #require(look.thumbnail, "\(look.id) has no thumbnail")
      #expect(FileManager.default.fileExists(atPath: thumbnail.path), "\(thumbnail.path)")
    }
  }

  @Test func aBakedRecipeMatchesItsFiltersApplied() throws {
    // The cube reproduces the chain within interpolation error at any colour.
    for id in ["noir", "transfer", "tealOrange", "midnightGold"] {
      let look = try library.look(id)
      guard case .recipe(let recipe) = look.source else { continue }
      let direct = try Pixels.render(LookFixtures.image.filtered(by: recipe.filters()))
      let baked = try Pixels.render(LookFixtures.image.applying(look.cube()))
      let clamp = { (p: [[Float]]) in p.map { $0.map { min(max($0, 0), 1) } } }
      #expect(Pixels.maxDifference(clamp(direct), clamp(baked)) < 0.02, "\(id)")
    }
  }

  @Test func lookFilterIsRegisteredWithTheIDs() throws {
    let descriptor = try FilterRegistry.standard.descriptor(named: "look")
    guard case .choice(let options, _) = descriptor.parameter(named: "name")?.kind else {
      Issue.record("look has no name choice")
      return
    }
    #expect(options == library.ids)
    let json = String(decoding: try FilterRegistry.standard.json(), as: UTF8.self)
    #expect(json.contains("\"midnightGold\"") && json.contains("\"noir\""))
  }

  @Test func lookFilterMixesByIntensity() throws {
    let cube = try library.look("noir").cube()
    let full = try Pixels.render(LookFixtures.image.applying(cube))
    let filter = try FilterRegistry.standard.makeFilter(parsing: "look name=Noir intensity=0.25")
    let quarter = try Pixels.render(LookFixtures.image.filtered(by: filter))
    let want = zip(LookFixtures.picture, full).map { a, b in
      (0..<4).map { a[$0] + 0.25 * (b[$0] - a[$0]) }
    }
    #expect(Pixels.maxDifference(quarter, want) < 1e-4)
  }

  @Test func unknownLooksAndFoldersAreNamed() {
    #expect(throws: LookError.self) { try library.look("nosuchlook") }
    #expect(throws: LookError.self) { try library.folder("nosuchfolder") }
    #expect {
      try FilterRegistry.standard.makeFilter(parsing: "look name=nosuchlook")
    } throws: { error in
      "\(error)".contains("look") && "\(error)".contains("nosuchlook")
    }
  }
}
