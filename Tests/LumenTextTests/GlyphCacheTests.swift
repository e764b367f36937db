import Foundation
import Testing

@testable import LumenText

/// A paragraph's glyphs come from a cache keyed by glyph and 64th of a pixel: what it gives
/// must be what FreeType draws anew, and a glyph asked again at the same 64th is not redrawn.
struct GlyphCacheTests {
  static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static var fontInstalled: Bool { FileManager.default.fileExists(atPath: font) }

  /// Coverage, place and size of a mask, for comparing.
  private static func summary(_ mask: GlyphMask?) -> [Int]? {
    guard let mask else { return nil }
    guard case .coverage(let coverage) = mask.pixels else { return [] }
    return [mask.left, mask.top, mask.width, mask.height] + coverage.map(Int.init)
  }

  @Test(.enabled(if: fontInstalled, "needs fonts-dejavu-core"))
  func cachedGlyphsAreThoseDrawnAnew() throws {
    let file = try FontFile(path: Self.font)
    let cache = GlyphCache(fonts: FontSet(file), pixelSize: 37.5)
    // Glyphs 36...60 (Latin capitals in DejaVu Sans) at fractions that share 64ths and ones
    // that do not; each asked twice, and each compared with a fresh face's drawing.
    for glyph in 36...60 {
      for (dx, dy) in [(0.0, 0.0), (0.3, 0.0), (0.3001, 0.0), (0.71, 0.25), (0.999, 0.5)] {
        let fresh = try GlyphRasterizer(font: file, pixelSize: 37.5)
        let expected = Self.summary(fresh.mask(glyph: glyph, at: fresh.offset(dx: dx, dy: dy)))
        #expect(expected != nil)
        for _ in 0..<2 {
          let cached = try cache.mask(font: 0, glyph: glyph, dx: dx, dy: dy)
          #expect(Self.summary(cached) == expected, "glyph \(glyph) at \(dx), \(dy)")
        }
      }
    }
  }

  /// Asked again at the same 64th, the cache hands back the same pixels' storage: nothing was
  /// drawn again. Another 64th is another drawing.
  @Test(.enabled(if: fontInstalled, "needs fonts-dejavu-core"))
  func aGlyphAtTheSameSixtyFourthIsDrawnOnce() throws {
    let cache = GlyphCache(fonts: FontSet(try FontFile(path: Self.font)), pixelSize: 40)
    func storage(_ dx: Double) throws -> UnsafeRawPointer? {
      guard let mask = try cache.mask(font: 0, glyph: 40, dx: dx, dy: 0),
        case .coverage(let coverage) = mask.pixels
      else { return nil }
      return coverage.withUnsafeBytes { $0.baseAddress }
    }
    let first = try storage(0.25)
    #expect(first != nil)
    #expect(try storage(0.25) == first)
    #expect(try storage(0.2501) == first)  // the same 64th (16)
    #expect(try storage(0.27) != first)  // 17 64ths
  }
}
