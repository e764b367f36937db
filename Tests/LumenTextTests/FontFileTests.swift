import Foundation
import LumenTestSupport
import Testing

@testable import LumenText

/// Fonts of the system's folder are mapped, others read whole.
@Suite struct FontFileTests {
  static let system = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// The same glyphs from the mapped system font and from a copy given by path, and the copy,
  /// read whole, still draws after it is shortened to nothing (a mapping would end the
  /// process at the first glyph read).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: system), "needs fonts-dejavu-core"))
  func aFontGivenByPathIsReadWholeAndSurvivesBeingShortened() throws {
    let copy = try Scratch.directory().appendingPathComponent("copy.ttf")
    try FileManager.default.copyItem(atPath: Self.system, toPath: copy.path)
    #expect(FontFile.isSystemFont(Self.system))
    #expect(!FontFile.isSystemFont(copy.path))
    let mapped = try FontFile(path: Self.system)
    let read = try FontFile(path: copy.path)
    #expect(truncate(copy.path, 0) == 0)
    let style = TextBlock.Style(size: 40, color: SIMD3(10, 20, 30))
    let text = "Shortened? Quartz glyphs: 0123"
    let drawn = try [mapped, read].map { font in
      try TextBlock(text, fonts: FontSet(font), style: style).bitmap.withUnsafeBytes { Array($0) }
    }
    #expect(drawn[0] == drawn[1])
    #expect(drawn[0].contains { $0 != 0 })
  }
}
