/// A square grid of square tiles holding a cube of `levels`^3 colours: inside a tile x gives
/// red and y green; the tile index `row * tilesPerRow + column` gives blue; origin top left.
///
/// ``classic`` is the 512x512 "8x8 tiles of 64x64" identity image (GPUImage's `lookup.png`);
/// `TiledLayout(tilesPerRow: 5, levels: 25)` is the 125x125 image of a 25^3 cube. Tiles past
/// the last level (when `levels` is not a multiple of `tilesPerRow`) are unused and black.
public struct TiledLayout: Sendable, Hashable, CustomStringConvertible {
  public let tilesPerRow: Int
  public let levels: Int

  /// A layout, or nil unless `levels` is in 2...256 and `tilesPerRow` in 1...levels.
  public init?(tilesPerRow: Int, levels: Int) {
    guard (2...256).contains(levels), (1...levels).contains(tilesPerRow) else { return nil }
    self.tilesPerRow = tilesPerRow
    self.levels = levels
  }

  /// 8 tiles per row of 64 levels: a 512x512 image.
  public static let classic = TiledLayout(tilesPerRow: 8, levels: 64)!

  /// The rows of tiles needed for all `levels` tiles.
  public var tileRows: Int { (levels + tilesPerRow - 1) / tilesPerRow }
  public var width: Int { tilesPerRow * levels }
  public var height: Int { tileRows * levels }

  /// `tiled:TILESxLEVELS`, as ``LUTLayout/init(parsing:)`` reads it.
  public var description: String { "tiled:\(tilesPerRow)x\(levels)" }
}
