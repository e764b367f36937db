import LumenCore

/// How a LUT file stores its table, as a user declares it (`--look-layout`, `--layout`).
///
/// Images are never guessed: a 512x512 PNG is as much a level-8 Hald as a classic 8x8 tiled
/// image, and some editors store yet other orders, so an image's layout must be declared.
public enum LUTLayout: Sendable, Hashable, CustomStringConvertible {
  /// `.cube` text; `size` resamples a 3-D cube on writing (nil keeps the table as it is).
  case cube(size: Int?)
  /// A HaldCLUT image; nil reads the level from the image size (and writes level 8).
  case hald(level: Int?)
  /// A tiled image (see ``TiledLayout``).
  case tiled(TiledLayout)

  /// Parses `cube`, `cube:33`, `hald`, `hald:8`, `tiled8x8` (the classic 8x8 tiles of 64),
  /// `tiled:8x64` or `tiled:TILESxLEVELS`.
  public init(parsing text: String) throws(LUTError) {
    let parts = text.lowercased().split(
      separator: ":", maxSplits: 1, omittingEmptySubsequences: false
    ).map(String.init)
    let kind = parts.first ?? ""
    let argument = parts.count == 2 ? parts[1] : nil
    func number(_ text: String, in range: ClosedRange<Int>, _ what: String) throws(LUTError) -> Int
    {
      guard let n = Int(text), range.contains(n) else {
        throw LUTError(
          problem: .badLayout(
            "\(what) must be in \(range.lowerBound)...\(range.upperBound), not \(EchoedText.quoted(text))"
          ))
      }
      return n
    }
    switch (kind, argument) {
    case ("cube", nil): self = .cube(size: nil)
    case ("cube", let size?): self = .cube(size: try number(size, in: 2...256, "the cube size"))
    case ("hald", nil): self = .hald(level: nil)
    case ("hald", let level?):
      self = .hald(level: try number(level, in: LUTImageLayout.haldLevels, "the Hald level"))
    case ("tiled8x8", nil): self = .tiled(.classic)
    case ("tiled", let grid?):
      let numbers = grid.split(separator: "x", maxSplits: 1).map(String.init)
      guard numbers.count == 2 else {
        throw LUTError(
          problem: .badLayout("write a tiled layout as tiled:TILESxLEVELS, e.g. tiled:8x64"))
      }
      let levels = try number(numbers[1], in: 2...256, "the levels of a tiled layout")
      let tiles = try number(numbers[0], in: 1...levels, "the tiles per row")
      guard let layout = TiledLayout(tilesPerRow: tiles, levels: levels) else {
        throw LUTError(problem: .badLayout("no tiled layout \(grid)"))
      }
      self = .tiled(layout)
    default:
      throw LUTError(
        problem: .badLayout(
          "unknown LUT layout \(EchoedText.quoted(text)) (use cube, cube:SIZE, hald, hald:LEVEL, tiled8x8 or"
            + " tiled:TILESxLEVELS)"))
    }
  }

  public var description: String {
    switch self {
    case .cube(let size): size.map { "cube:\($0)" } ?? "cube"
    case .hald(let level): level.map { "hald:\($0)" } ?? "hald"
    case .tiled(let tiles): tiles.description
    }
  }

  /// The image geometry for writing a table in this layout (nil for `.cube`).
  var imageLayoutForWriting: LUTImageLayout? {
    switch self {
    case .cube: nil
    case .hald(let level): .hald(level: level ?? 8)
    case .tiled(let tiles): .tiled(tiles)
    }
  }
}
