/// An executable node of a render: a lowered, optimised form of an ``Image`` recipe.
///
/// Plans produce premultiplied pixels in a fixed ``Transfer`` for any rectangle asked of them;
/// pixels outside the plan's extent are transparent. Plans are immutable once built (caches
/// are filled before tiles are rendered), so workers share them freely.
protocol Plan: AnyObject, Sendable {
  var extent: Rect { get }
  var isOpaque: Bool { get }
  var transfer: Transfer { get }

  /// Writes the plan's pixels over `tile.rect` into `tile`.
  func evaluate(into tile: Tile, pool: TilePool)

  /// The inputs, and the region of each that `rect` needs.
  func inputs(for rect: Rect) -> [(Plan, Rect)]

  /// The plans this one reads.
  var children: [Plan] { get }

  /// True when every pixel of `rect` is surely transparent: a blend whose kernel keeps the
  /// background under a clear pixel then has nothing to do there (a frame's empty middle,
  /// the tiles a brush's strokes miss). False when unsure.
  func isClear(in rect: Rect) -> Bool

  /// A zero-copy view of the pixels over `rect`, when the plan holds them in memory.
  func view(of rect: Rect, pool: TilePool) -> Tile?

  /// True when evaluating is little more than reading memory, so re-reading overlapping
  /// regions costs less than materialising them.
  var isCheap: Bool { get }

  /// Writes `rect` as stored samples of `format` (rows `bytesPerRow` apart) without going
  /// through float planes, when the plan can; false when it cannot.
  func write(
    _ rect: Rect, as format: PixelFormat, to out: UnsafeMutableRawPointer, bytesPerRow: Int,
    pool: TilePool
  ) -> Bool

  /// Lays the plan's pixels over `area` (inside `tile.rect`) onto `tile` as a normal blend at
  /// full opacity does (``PixelSpan/lay(_:_:_:_:over:)``); pixels outside the extent are
  /// transparent and change nothing. Plans that can draw straight onto the tile do; the others
  /// evaluate a tile of their own and lay it over (``drawByBlending(over:in:pool:)``).
  func draw(over tile: Tile, in area: Rect, pool: TilePool)
}

extension Plan {
  func inputs(for rect: Rect) -> [(Plan, Rect)] { [] }
  var children: [Plan] { [] }
  func isClear(in rect: Rect) -> Bool { rect.intersection(extent).isEmpty }
  func view(of rect: Rect, pool: TilePool) -> Tile? { nil }
  var isCheap: Bool { false }

  func write(
    _ rect: Rect, as format: PixelFormat, to out: UnsafeMutableRawPointer, bytesPerRow: Int,
    pool: TilePool
  ) -> Bool { false }

  func draw(over tile: Tile, in area: Rect, pool: TilePool) {
    drawByBlending(over: tile, in: area, pool: pool)
  }

  /// ``draw(over:in:pool:)`` through a tile of the plan's own pixels.
  func drawByBlending(over tile: Tile, in area: Rect, pool: TilePool) {
    let area = area.intersection(extent)
    if area.isEmpty { return }
    withPixels(of: area, pool: pool) { pixels in
      for y in area.minY..<area.maxY {
        let (f, b) = (pixels.row(y), tile.row(y, from: area.minX, count: area.width))
        for i in 0..<f.count { b.lay(f.red[i], f.green[i], f.blue[i], f.alpha[i], over: i) }
      }
    }
  }

  /// Evaluates `rect`, handing `body` either a view or scratch memory holding the pixels.
  func withPixels<R>(of rect: Rect, pool: TilePool, _ body: (Tile) -> R) -> R {
    if let v = view(of: rect, pool: pool) { return body(v) }
    return pool.withTile(rect) { tile in
      evaluate(into: tile, pool: pool)
      return body(tile)
    }
  }
}
