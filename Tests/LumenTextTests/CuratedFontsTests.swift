import Foundation
import LumenTestSupport
import Testing

@testable import LumenText

/// The fonts the built-in font source lists (Sources/LumenAssets/Resources/fonts/content.json,
/// which scripts/setup.sh installs) are there under the family names it gives, and cover what a text tool needs: at least 12 families, of every
/// category, each with its licence recorded.
struct CuratedFontsTests {
  struct Entry {
    let package, family, category, licence: String
  }

  static func entries() throws -> [Entry] {
    let manifest = PackagePaths.root.appendingPathComponent(
      "Sources/LumenAssets/Resources/fonts/content.json")
    let root = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest))
    let assets = (root as? [String: Any])?["assets"] as? [[String: Any]] ?? []
    return assets.map { asset in
      let payload = asset["payload"] as? [String: String] ?? [:]
      return Entry(
        package: payload["package"] ?? "", family: payload["family"] ?? "",
        category: (asset["groups"] as? [String])?.first ?? "", licence: payload["licence"] ?? "")
    }
  }

  @Test func everyListedFamilyIsInstalledUnderItsName() throws {
    let entries = try Self.entries()
    #expect(Set(entries.map(\.family)).count >= 12)
    #expect(
      Set(entries.map(\.category)).isSuperset(of: [
        "sans", "serif", "display", "handwriting", "monospace", "script", "emoji", "cjk",
      ]))
    for entry in entries {
      #expect(!entry.licence.isEmpty, "\(entry.family) has no licence")
      #expect(throws: Never.self, "\(entry.family) (\(entry.package))") {
        let font = try FontFile.installed(entry.family)
        #expect(font.glyphCount > 0)
      }
    }
  }

  /// fontconfig's nearest family is never taken for a missing one.
  @Test func aMissingFamilyIsRefused() {
    #expect(throws: FontError.self) { try FontFile.installed("No Such Family Anywhere") }
  }
}
