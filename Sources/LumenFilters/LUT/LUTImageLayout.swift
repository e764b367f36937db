/// Where each entry of a cube sits in an image: the geometry shared by reading and writing LUT
/// images.
public enum LUTImageLayout: Sendable, Hashable {
  /// A HaldCLUT of `level` (2...16): a square of `level`^3 pixels holding a cube of
  /// `level`^2, entries in row-major pixel order with red fastest.
  case hald(level: Int)
  /// A grid of tiles (see ``TiledLayout``).
  case tiled(TiledLayout)

  public static let haldLevels = 2...16

  /// The Hald layout of an image `width` x `height`, or an error saying which sizes are Hald.
  public static func hald(width: Int, height: Int) throws(LUTError) -> LUTImageLayout {
    guard width == height, let level = haldLevels.first(where: { $0 * $0 * $0 == width }) else {
      throw LUTError(
        problem: .imageSize(
          "a Hald image is a square of level³ pixels (level 2...16: 8x8, 27x27, 64x64, ...,"
            + " 512x512, ..., 4096x4096), not \(width)x\(height)"))
    }
    return .hald(level: level)
  }

  /// Entries per side of the cube the image holds.
  public var cubeSize: Int {
    switch self {
    case .hald(let level): level * level
    case .tiled(let tiles): tiles.levels
    }
  }

  public var width: Int {
    switch self {
    case .hald(let level): level * level * level
    case .tiled(let tiles): tiles.width
    }
  }

  public var height: Int {
    switch self {
    case .hald: width
    case .tiled(let tiles): tiles.height
    }
  }

  /// The index `r + n * (g + n * b)` of the cube entry at pixel (x, y), or nil for pixels of
  /// unused tiles.
  @inline(__always)
  func entryIndex(x: Int, y: Int) -> Int? {
    switch self {
    case .hald:
      return y &* width &+ x
    case .tiled(let tiles):
      let n = tiles.levels
      let blue = (y / n) &* tiles.tilesPerRow &+ x / n
      guard blue < n else { return nil }
      return x % n &+ n &* (y % n &+ n &* blue)
    }
  }

  /// Throws unless an image of `width` x `height` has this layout, saying what was expected.
  func check(width: Int, height: Int) throws(LUTError) {
    guard width != self.width || height != self.height else { return }
    switch self {
    case .hald(let level):
      throw LUTError(
        problem: .imageSize(
          "a level-\(level) Hald image is \(self.width)x\(self.height) pixels, not"
            + " \(width)x\(height)"))
    case .tiled(let tiles):
      var problem =
        "a \(tiles) image (\(tiles.tilesPerRow) tiles of \(tiles.levels)x\(tiles.levels) pixels"
        + " per row, \(tiles.tileRows) rows) is \(self.width)x\(self.height) pixels, not"
        + " \(width)x\(height)"
      if width % tiles.tilesPerRow == 0, height % tiles.tileRows == 0,
        width / tiles.tilesPerRow != height / tiles.tileRows
      {
        problem +=
          ": its tiles would be \(width / tiles.tilesPerRow)x\(height / tiles.tileRows),"
          + " not square"
      }
      throw LUTError(problem: .imageSize(problem))
    }
  }
}
