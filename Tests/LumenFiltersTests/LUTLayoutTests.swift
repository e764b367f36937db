import LumenCore
import Testing

@testable import LumenFilters

/// Declared LUT layouts, as the CLI parses them.
@Suite struct LUTLayoutTests {
  @Test(arguments: [
    ("cube", LUTLayout.cube(size: nil)), ("cube:33", .cube(size: 33)), ("hald", .hald(level: nil)),
    ("hald:8", .hald(level: 8)), ("tiled8x8", .tiled(.classic)), ("tiled:8x64", .tiled(.classic)),
    ("tiled:5x25", .tiled(TiledLayout(tilesPerRow: 5, levels: 25)!)),
  ])
  func parses(text: String, layout: LUTLayout) throws {
    #expect(try LUTLayout(parsing: text) == layout)
  }

  @Test(arguments: ["", "lut", "cube:1", "hald:17", "tiled:8", "tiled:65x64", "tiled:8x300"])
  func refusesBadLayouts(text: String) {
    #expect(throws: LUTError.self) { try LUTLayout(parsing: text) }
  }

  @Test func tiledGeometry() {
    let five = TiledLayout(tilesPerRow: 5, levels: 25)!
    #expect(five.width == 125 && five.height == 125)
    #expect(TiledLayout.classic.width == 512 && TiledLayout.classic.height == 512)
    let ragged = TiledLayout(tilesPerRow: 4, levels: 9)!
    #expect(ragged.width == 36 && ragged.height == 27)
  }
}
