import Foundation
import LumenTestSupport
import Testing

@testable import LumenText

/// The fonts scripts/fonts.tsv lists (and scripts/setup.sh installs) are there under the
/// family names it gives, and cover what a text tool needs: at least 12 families, of every
/// category, each with its licence recorded.
struct CuratedFontsTests {
  struct Entry {
    let package, family, category, licence: String
  }

  static func entries() throws -> [Entry] {
    let table = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("scripts/fonts.tsv"), encoding: .utf8)
    return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Entry(
        package: fields[0], family: fields.count > 1 ? fields[1] : "",
        category: fields.count > 2 ? fields[2] : "", licence: fields.count > 3 ? fields[3] : "")
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
