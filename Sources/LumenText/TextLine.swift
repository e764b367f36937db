import LumenCore

/// One line of shaped text: the runs put in visual order (UAX #9 rule L2), every glyph drawn
/// by FreeType at its fractional pen position in the text's colour (or its own colours, for
/// emoji), ready to be laid over a canvas so that touching glyphs leave no seams (two
/// coverages combine as `1 - (1 - a)(1 - b)`). The line's box spans its advance and the
/// highest ascender and lowest descender of its fonts, widened to any ink outside them; the
/// baseline is ``baseline`` pixels from its top.
public struct TextLine: Sendable {
  public let width: Int
  public let height: Int
  public let baseline: Int
  /// Each glyph's mask, with its top left corner in the line's box.
  private let glyphs: [(mask: GlyphMask, x: Int, y: Int)]
  private let ink: SIMD4<Int32>
  /// Whether every glyph is a coverage in the line's colour (no colour glyphs, as emoji).
  let isMonochrome: Bool

  /// What stacking the line needs: its size and baseline.
  var box: TextBlock.LineBox { TextBlock.LineBox(width: width, height: height, baseline: baseline) }

  /// The longest side a line is drawn at, and the most pixels: text larger than this is
  /// refused before its pixels are allocated (32 MP: 128 MB of RGBA).
  public static let maxSide = 16_384
  public static let maxPixels = 1 << 25
  /// The largest font size drawn, in pixels.
  public static let maxFontSize = 4096.0

  public init(
    runs: [TextRun], fonts: FontSet, pixelSize: Double, color: SIMD3<UInt8>
  ) throws(TextDrawingError) {
    try self.init(runs: runs, cache: GlyphCache(fonts: fonts, pixelSize: pixelSize), color: color)
  }

  /// The line drawn from `cache` (shared by the lines of a paragraph, which repeat glyphs).
  init(runs: [TextRun], cache: GlyphCache, color: SIMD3<UInt8>) throws(TextDrawingError) {
    let (fonts, pixelSize) = (cache.fonts, cache.pixelSize)
    guard pixelSize.isFinite, (1...Self.maxFontSize).contains(pixelSize) else {
      throw .badSize(pixelSize)
    }
    // Each font's scale from its units to pixels.
    let scales = fonts.fonts.map { pixelSize / Double($0.unitsPerEm) }
    // The fonts this line uses so far, whose heights it takes.
    var used = Set<Int>()
    // The line's size before any glyph is drawn: its advance and the font's height, with an
    // em of room on every side for ink that reaches out (a swash, a mark, an italic).
    let advance = runs.reduce(0.0) { sum, run in
      sum + Double(run.glyphs.reduce(0) { $0 + abs($1.xAdvance) }) * scales[run.font]
    }
    let rise = runs.reduce(0.0) { sum, run in
      sum + Double(run.glyphs.reduce(0) { $0 + abs($1.yAdvance) }) * scales[run.font]
    }
    let (roughWidth, roughHeight) = (advance + 2 * pixelSize, rise + 4 * pixelSize)
    guard roughWidth <= Double(Self.maxSide), roughHeight <= Double(Self.maxSide),
      roughWidth * roughHeight <= Double(Self.maxPixels)
    else {
      throw .tooLarge(width: Int(roughWidth.rounded(.up)), height: Int(roughHeight.rounded(.up)))
    }
    // Every glyph's mask at its place: x right of the line's start, y down from the baseline.
    var placed: [(mask: GlyphMask, x: Int, y: Int)] = []
    var penX = 0.0
    var penY = 0.0
    var (ascender, descender) = (0.0, 0.0)
    do {
      for run in Self.visualOrder(runs) {
        if used.insert(run.font).inserted {
          let rasterizer = try cache.rasterizer(run.font)
          ascender = max(ascender, rasterizer.ascender)
          descender = min(descender, rasterizer.descender)
        }
        let scale = scales[run.font]
        for glyph in run.glyphs {
          let x = penX + Double(glyph.xOffset) * scale
          let y = penY + Double(glyph.yOffset) * scale
          let (wholeX, wholeY) = (x.rounded(.down), y.rounded(.down))
          if let mask = try cache.mask(
            font: run.font, glyph: glyph.glyph, dx: x - wholeX, dy: y - wholeY)
          {
            placed.append((mask, Int(wholeX) + mask.left, -Int(wholeY) - mask.top))
          }
          penX += Double(glyph.xAdvance) * scale
          penY += Double(glyph.yAdvance) * scale
        }
      }
    } catch {
      throw .font(error)
    }
    let ascent = Int(ascender.rounded(.up))
    let descent = Int((-descender).rounded(.up))
    let left = min(0, placed.map(\.x).min() ?? 0)
    let right = max(Int(penX.rounded(.up)), placed.map { $0.x + $0.mask.width }.max() ?? 0)
    let top = min(-ascent, placed.map(\.y).min() ?? 0)
    let bottom = max(descent, placed.map { $0.y + $0.mask.height }.max() ?? 0)
    let (width, height) = (max(1, right - left), max(1, bottom - top))
    guard width <= Self.maxSide, height <= Self.maxSide, width * height <= Self.maxPixels else {
      throw .tooLarge(width: width, height: height)
    }
    self.width = width
    self.height = height
    baseline = -top
    glyphs = placed.map { ($0.mask, $0.x - left, $0.y - top) }
    isMonochrome = placed.allSatisfy {
      if case .coverage = $0.mask.pixels { true } else { false }
    }
    ink = SIMD4(Int32(color.x), Int32(color.y), Int32(color.z), 255)
  }

  /// Lays the glyphs over `canvas` (premultiplied RGBA, `canvasWidth` pixels a row, every
  /// value a whole 0...255), the line's box at (`x`, `y`); what falls outside is left out.
  func draw(
    into canvas: UnsafeMutableBufferPointer<SIMD4<UInt8>>, canvasWidth: Int, x: Int, y: Int
  ) {
    forEachGlyph(canvasWidth: canvasWidth, canvasHeight: canvas.count / max(1, canvasWidth), x, y) {
      mask, rows, columns, origin in
      /// Lays `over(source)` (the glyph's pixel at index `source`, premultiplied) over the
      /// canvas, for each of the glyph's pixels inside it (nil: the canvas stays as it is).
      @inline(__always) func lay(_ over: (Int) -> SIMD4<Int32>?) {
        for row in rows {
          let start = origin + row * canvasWidth
          for column in columns {
            guard let over = over(row * mask.width + column) else { continue }
            let keep = 255 - over.w
            let below = SIMD4<Int32>(truncatingIfNeeded: canvas[start + column])
            canvas[start + column] = SIMD4(
              truncatingIfNeeded: over &+ Self.divided(below &* keep))
          }
        }
      }
      switch mask.pixels {
      case .coverage(let coverage):
        coverage.withUnsafeBufferPointer { coverage in
          lay { coverage[$0] > 0 ? Self.divided(ink &* Int32(coverage[$0])) : nil }
        }
      case .color(let pixels):
        pixels.withUnsafeBufferPointer { pixels in
          lay { source in
            let p = source * 4
            return SIMD4(
              Int32(pixels[p]), Int32(pixels[p + 1]), Int32(pixels[p + 2]), Int32(pixels[p + 3]))
          }
        }
      }
    }
  }

  /// Lays the glyphs' coverage over `canvas` (one coverage a pixel, `canvasWidth` a row), the
  /// line's box at (`x`, `y`), as ``draw(into:canvasWidth:x:y:)`` lays their alpha: the same
  /// values in a quarter of the memory, for a line in one colour (``isMonochrome``).
  func drawCoverage(
    into canvas: UnsafeMutableBufferPointer<UInt8>, canvasWidth: Int, x: Int, y: Int
  ) {
    guard let base = canvas.baseAddress else { return }
    forEachGlyph(canvasWidth: canvasWidth, canvasHeight: canvas.count / max(1, canvasWidth), x, y) {
      mask, rows, columns, origin in
      guard case .coverage(let coverage) = mask.pixels else { return }
      coverage.withUnsafeBufferPointer { coverage in
        guard let glyph = coverage.baseAddress else { return }
        for row in rows {
          // Indices, not a pointer to the row's start: a glyph cut by the canvas's left edge
          // starts before it.
          let (from, start) = (glyph + row * mask.width, origin + row * canvasWidth)
          // In 16 bits, without a branch, so that the loop vectorises: a clear glyph pixel
          // (0) leaves the canvas as it was.
          for column in columns {
            let (over, below) = (UInt16(from[column]), UInt16(base[start &+ column]))
            let product = below &* (255 &- over) &+ 128
            base[start &+ column] = UInt8(
              truncatingIfNeeded: over &+ ((product &+ (product &>> 8)) &>> 8))
          }
        }
      }
    }
  }

  /// Calls `body` with each glyph that reaches a `canvasWidth` x `canvasHeight` canvas holding
  /// the line's box at (`x`, `y`): its mask, the rows and columns of the mask inside the
  /// canvas, and the canvas index of the mask's pixel (0, 0), which may lie outside it.
  @inline(__always)
  private func forEachGlyph(
    canvasWidth: Int, canvasHeight: Int, _ x: Int, _ y: Int,
    _ body: (GlyphMask, Range<Int>, Range<Int>, Int) -> Void
  ) {
    for (mask, gx, gy) in glyphs {
      let (left, top) = (x + gx, y + gy)
      let (firstRow, endRow) = (max(0, -top), min(mask.height, canvasHeight - top))
      let (firstColumn, endColumn) = (max(0, -left), min(mask.width, canvasWidth - left))
      // A glyph wholly outside the canvas (a tile of the block) draws nothing.
      guard firstRow < endRow, firstColumn < endColumn else { continue }
      body(mask, firstRow..<endRow, firstColumn..<endColumn, top * canvasWidth + left)
    }
  }

  /// A product of two samples (at most 255 x 255) over 255, rounded: `(x + 127) / 255`
  /// without a division.
  @inline(__always)
  static func divided(_ x: SIMD4<Int32>) -> SIMD4<Int32> {
    let y = x &+ 128
    return (y &+ (y &>> 8)) &>> 8
  }

  /// The runs left to right: from the highest level down to the lowest odd one, every
  /// maximal sequence of runs at that level or above is reversed (UAX #9, L2).
  static func visualOrder(_ runs: [TextRun]) -> [TextRun] {
    var order = runs
    guard let highest = runs.map(\.level).max() else { return order }
    let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest + 1
    var level = highest
    while level >= lowestOdd {
      var index = 0
      while index < order.count {
        guard order[index].level >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count, order[end].level >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
      level -= 1
    }
    return order
  }
}

/// Why a line of text cannot be drawn.
public enum TextDrawingError: Error, Equatable, Sendable, CustomStringConvertible {
  case badSize(Double)
  /// A line height, letter spacing or width out of its range.
  case badStyle
  case tooLong(TextTooLong)
  case tooLarge(width: Int, height: Int)
  case font(FontError)

  public var description: String {
    switch self {
    case .badSize(let size):
      "a text size of \(size) pixels (expected 1 to \(Int(TextLine.maxFontSize)))"
    case .badStyle:
      "a line height out of 0.5...5, a letter spacing out of -0.5...2 or a width below 1 pixel"
    case .tooLong(let error): "\(error)"
    case .tooLarge(let width, let height):
      "the text would be \(width)x\(height) pixels, more than \(TextLine.maxSide) on a side"
        + " or \(TextLine.maxPixels >> 20) MP"
    case .font(let error): "\(error)"
    }
  }
}
