import LumenCore

/// A paragraph laid out and drawn: broken into lines no wider than a maximum width at the
/// opportunities of UAX #14 (a word longer than the width stands alone on its line), each line
/// aligned, baselines ``Style/lineHeight`` sizes apart, letters spaced. The paragraph is shaped
/// once with its bidirectional levels; each line takes its share of the runs and orders them
/// for display on its own (UAX #9, L2).
public struct TextBlock: Sendable {
  public enum Alignment: String, CaseIterable, Sendable {
    case left, center, right
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
  }

  public struct Style: Sendable {
    /// The font size in pixels.
    public var size: Double
    public var color: SIMD3<UInt8>
    /// The widest a line may be, in pixels; nil: lines end only at line feeds.
    public var maxWidth: Double?
    public var alignment: Alignment
    /// Baseline to baseline, in font sizes.
    public var lineHeight: Double
    /// Added after every character, in font sizes (0.1 = a tenth of the size).
    public var letterSpacing: Double
    /// The text's alpha, 0...1, applied to every glyph (emoji included).
    public var opacity: Double

    public init(
      size: Double, color: SIMD3<UInt8> = .zero, maxWidth: Double? = nil,
      alignment: Alignment = .natural, lineHeight: Double = 1.2, letterSpacing: Double = 0,
      opacity: Double = 1
    ) {
      self.size = size
      self.color = color
      self.maxWidth = maxWidth
      self.alignment = alignment
      self.lineHeight = lineHeight
      self.letterSpacing = letterSpacing
      self.opacity = opacity
    }
  }

  /// Each line's characters (Unicode scalar offsets), trailing spaces and line feeds left out.
  public let lines: [Range<Int>]
  /// The block's size in pixels: as wide as `maxWidth` (or the widest line), as high as its
  /// lines.
  public let width: Int
  public let height: Int
  public var extent: Rect { Rect(width: width, height: height) }
  /// The drawn lines, each with its box's top left corner in the block.
  private let placed: [(line: TextLine, x: Int, y: Int)]
  /// The style's opacity, 0...255.
  private let opacity: Int32
  /// The style's colour.
  let color: SIMD3<UInt8>
  /// Whether every glyph is in the style's colour (no colour glyphs, as emoji): the block is
  /// then drawn as one coverage a pixel, its colour added as it is laid.
  let isMonochrome: Bool
  /// The straight alpha (0...1) of each coverage, faded by the style's opacity (``faded(_:)``),
  /// for tiles to look up.
  let coverageAlphas: [Float]

  public init(_ text: String, fonts: FontSet, language: String? = nil, style: Style)
    throws(TextDrawingError)
  {
    try self.init(TextMeasure(text, fonts: fonts, language: language), style: style)
  }

  /// The paragraph `measure` shaped, laid out and drawn at `style`.
  public init(_ measure: TextMeasure, style: Style) throws(TextDrawingError) {
    try Self.check(style)
    let (ranges, lineRuns) = measure.lines(style)
    lines = ranges
    let cache = GlyphCache(fonts: measure.fonts, pixelSize: style.size)
    var drawn: [TextLine] = []
    for runs in lineRuns {
      drawn.append(try TextLine(runs: runs, cache: cache, color: style.color))
    }
    let stacked = try Self.stack(
      drawn.map(\.box), style: style, rightToLeft: measure.isRightToLeft)
    (width, height) = (stacked.width, stacked.height)
    placed = zip(drawn, stacked.origins).map { ($0, $1.x, $1.y) }
    opacity = Int32((style.opacity * 255).rounded())
    color = style.color
    isMonochrome = drawn.allSatisfy(\.isMonochrome)
    coverageAlphas = (0...255).map { [opacity] coverage in
      Float(Self.faded(UInt8(coverage), opacity)) * (1 / 255)
    }
  }

  /// Refuses a style out of its ranges.
  static func check(_ style: Style) throws(TextDrawingError) {
    guard style.lineHeight.isFinite, (0.5...5).contains(style.lineHeight),
      style.letterSpacing.isFinite, (-0.5...2).contains(style.letterSpacing),
      style.maxWidth.map({ $0.isFinite && $0 >= 1 }) ?? true, style.opacity.isFinite,
      (0...1).contains(style.opacity)
    else { throw .badStyle }
  }

  /// The block drawn whole, in straight 8-bit RGBA.
  public var bitmap: Bitmap {
    Bitmap(width: width, height: height, format: .rgba8) { drawStraight(extent, into: $0) }
  }

  /// Draws the part `rect` of the block (clear where it reaches past the block) into `bytes`
  /// as straight RGBA, `rect.width` pixels a row.
  func drawStraight(_ rect: Rect, into bytes: UnsafeMutableRawBufferPointer) {
    guard isMonochrome else { return draw(rect, into: bytes.bindMemory(to: SIMD4<UInt8>.self)) }
    // The coverage in the first quarter of the bytes, then spread over them from the last
    // pixel back: pixel `i` takes bytes `4i...4i+3`, coverages already read.
    let (count, canvas) = (rect.width * rect.height, bytes.bindMemory(to: UInt8.self))
    drawCoverage(rect, into: UnsafeMutableBufferPointer(rebasing: canvas[0..<count]))
    for index in stride(from: count - 1, through: 0, by: -1) {
      let alpha = faded(canvas[index])
      bytes.storeBytes(
        of: alpha > 0 ? SIMD4(color, alpha) : .zero, toByteOffset: index * 4,
        as: SIMD4<UInt8>.self)
    }
  }

  /// The block as a lazy image, the same pixels as ``bitmap``: a render draws each of its
  /// tiles from the glyphs that reach it, so a paragraph over a large picture needs no
  /// memory of its own and is drawn on every core.
  public var image: Image { Image(generator: TextBlockKernel(block: self)) }

  /// Whether any line's box reaches into `rect`.
  func reaches(_ rect: Rect) -> Bool {
    placed.contains { line, x, y in
      !Rect(x: x, y: y, width: line.width, height: line.height).intersection(rect)
        .isEmpty
    }
  }

  /// Draws the part `rect` of the block into `canvas` (`rect.width` pixels a row): the lines
  /// premultiplied over transparency, then made straight with the style's opacity.
  func draw(_ rect: Rect, into canvas: UnsafeMutableBufferPointer<SIMD4<UInt8>>) {
    drawLines(rect, into: canvas)
    Self.straightened.withUnsafeBufferPointer { straightened in
      for index in canvas.indices where canvas[index].w > 0 {
        canvas[index] = straight(canvas[index], straightened)
      }
    }
  }

  /// Draws the part `rect` of the block into `canvas` as ``draw(_:into:)`` does, but hands
  /// `body` each pixel with ink (its row and column in `rect`, and its straight colour)
  /// instead of storing it: most of a paragraph's tile is clear, and its inked pixels are all
  /// a render reads.
  func forEachInkedPixel(
    of rect: Rect, canvas: UnsafeMutableBufferPointer<SIMD4<UInt8>>,
    _ body: (Int, Int, SIMD4<UInt8>) -> Void
  ) {
    drawLines(rect, into: canvas)
    guard let base = UnsafeRawPointer(canvas.baseAddress) else { return }
    let width = rect.width
    Self.straightened.withUnsafeBufferPointer { straightened in
      for row in 0..<rect.height {
        let start = row * width
        // Eight pixels at a time, passed over while none has ink: between the strokes of
        // the letters and the lines most of a tile is clear.
        var column = 0
        while column < width {
          let end = Swift.min(column + 8, width)
          if end - column == 8, Self.areClear(base + (start + column) * 4) {
            column = end
            continue
          }
          for column in column..<end where canvas[start + column].w > 0 {
            let pixel = straight(canvas[start + column], straightened)
            if pixel.w > 0 { body(row, column, pixel) }
          }
          column = end
        }
      }
    }
  }

  /// Draws the lines reaching `rect` into `canvas` (`rect.width` a row) as coverage, for a
  /// monochrome block (``isMonochrome``), and hands `body` each row: its index in `rect` and
  /// its coverages.
  func forEachCoverageRow(
    of rect: Rect, canvas: UnsafeMutableBufferPointer<UInt8>,
    _ body: (Int, UnsafePointer<UInt8>) -> Void
  ) {
    drawCoverage(rect, into: canvas)
    guard let base = canvas.baseAddress else { return }
    for row in 0..<rect.height { body(row, base + row * rect.width) }
  }

  /// The lines reaching `rect` drawn into `canvas` as coverage, `rect.width` a row.
  private func drawCoverage(_ rect: Rect, into canvas: UnsafeMutableBufferPointer<UInt8>) {
    canvas.update(repeating: 0)
    for (line, x, y) in placed where y < rect.maxY && y + line.height > rect.minY {
      line.drawCoverage(into: canvas, canvasWidth: rect.width, x: x - rect.minX, y: y - rect.minY)
    }
  }

  /// The straight alpha of a pixel of `coverage`, faded by the style's opacity.
  @inline(__always)
  func faded(_ coverage: UInt8) -> UInt8 { Self.faded(coverage, opacity) }

  /// `coverage` faded by `opacity` (0...255), rounded.
  @inline(__always)
  private static func faded(_ coverage: UInt8, _ opacity: Int32) -> UInt8 {
    UInt8(truncatingIfNeeded: (Int32(coverage) * opacity + 127) / 255)
  }

  /// Whether the eight RGBA pixels at `pixels` all have alpha 0.
  @inline(__always)
  private static func areClear(_ pixels: UnsafeRawPointer) -> Bool {
    let alphas: UInt64 = 0xFF00_0000_FF00_0000
    let words = (0..<4).reduce(UInt64(0)) {
      $0 | pixels.loadUnaligned(fromByteOffset: $1 * 8, as: UInt64.self)
    }
    return words & alphas == 0
  }

  /// The lines reaching `rect`, premultiplied over transparency.
  private func drawLines(_ rect: Rect, into canvas: UnsafeMutableBufferPointer<SIMD4<UInt8>>) {
    canvas.update(repeating: .zero)
    for (line, x, y) in placed where y < rect.maxY && y + line.height > rect.minY {
      line.draw(into: canvas, canvasWidth: rect.width, x: x - rect.minX, y: y - rect.minY)
    }
  }

  /// A premultiplied pixel made straight and faded by the style's opacity.
  @inline(__always)
  private func straight(_ pixel: SIMD4<UInt8>, _ straightened: UnsafeBufferPointer<UInt8>)
    -> SIMD4<UInt8>
  {
    let faded = Self.faded(pixel.w, opacity)
    let row = Int(pixel.w) << 8
    return faded > 0
      ? SIMD4(
        straightened[row | Int(pixel.x)], straightened[row | Int(pixel.y)],
        straightened[row | Int(pixel.z)], faded)
      : .zero
  }

  /// A premultiplied sample made straight, rounded (`(value * 255 + alpha / 2) / alpha`, at
  /// most 255), at `alpha << 8 | value`: a division per channel was most of drawing a tile.
  private static let straightened: [UInt8] = (0..<(256 * 256)).map { index in
    let (alpha, value) = (index >> 8, index & 255)
    return alpha == 0 ? 0 : UInt8(min((value * 255 + alpha / 2) / alpha, 255))
  }

  /// Greedy breaking: each line ends at the last opportunity that keeps it within `maxWidth`
  /// (trailing spaces do not count), or at the first one when even that is too wide.
  static func lines(
    _ scalars: [UInt32], widths: [Double], opportunities: [LineBreaker.Opportunity],
    maxWidth: Double?
  ) -> [Range<Int>] {
    func isSpace(_ scalar: UInt32) -> Bool {
      scalar == 0x20 || scalar == 0x09 || scalar == 0x0A || scalar == 0x0D || scalar == 0x3000
        || scalar == 0x2028 || scalar == 0x2029
    }
    func visibleEnd(_ range: Range<Int>) -> Int {
      var end = range.upperBound
      while end > range.lowerBound, isSpace(scalars[end - 1]) { end -= 1 }
      return end
    }
    var lines: [Range<Int>] = []
    var start = 0
    while start < scalars.count {
      var chosen: Int?
      var width = 0.0
      var visible = 0.0
      for index in start..<scalars.count {
        width += widths[index]
        if !isSpace(scalars[index]) { visible = width }
        // Past the width, the line ends at the last opportunity before; a first piece too
        // wide for any line runs on to its own end.
        if let maxWidth, visible > maxWidth, chosen != nil { break }
        if opportunities[index] == .mandatory {
          chosen = index + 1
          break
        }
        if opportunities[index] == .allowed { chosen = index + 1 }
      }
      let end = chosen ?? scalars.count
      lines.append(start..<visibleEnd(start..<end))
      start = end
    }
    return lines
  }

  /// `runs` with `spacing` pixels added to the advance of each cluster's last glyph (in the
  /// run font's units), so that letters move apart but a cluster's glyphs stay together.
  static func spaced(_ runs: [TextRun], by spacing: Double, fonts: FontSet, _ size: Double)
    -> [TextRun]
  {
    guard spacing != 0 else { return runs }
    return runs.map { run in
      let units = Int((spacing * Double(fonts.fonts[run.font].unitsPerEm) / size).rounded())
      var spacedRun = run
      for index in run.glyphs.indices
      where index + 1 == run.glyphs.count
        || run.glyphs[index + 1].cluster != run.glyphs[index].cluster
      {
        spacedRun.glyphs[index].xAdvance += units
      }
      return spacedRun
    }
  }

  /// A line's size and baseline (pixels down from its top), all that stacking needs.
  struct LineBox {
    var width: Int
    var height: Int
    var baseline: Int
  }

  /// The lines one under the other, baselines `lineHeight` sizes apart, each aligned within
  /// the block (as wide as `maxWidth`, or as the widest line): the block's size and where
  /// each line's top left corner goes.
  static func stack(_ lines: [LineBox], style: Style, rightToLeft: Bool) throws(TextDrawingError)
    -> (width: Int, height: Int, origins: [(x: Int, y: Int)])
  {
    let widest = lines.map(\.width).max() ?? 1
    let width = max(widest, Int((style.maxWidth ?? 0).rounded(.up)), 1)
    let step = style.lineHeight * style.size
    let firstBaseline = lines.first?.baseline ?? 0
    let lastBelow = lines.last.map { $0.height - $0.baseline } ?? 1
    let height = max(
      1, firstBaseline + Int((step * Double(max(0, lines.count - 1))).rounded()) + lastBelow)
    guard width <= TextLine.maxSide, height <= TextLine.maxSide,
      width * height <= TextLine.maxPixels
    else { throw .tooLarge(width: width, height: height) }
    let alignment: Alignment =
      style.alignment == .natural ? (rightToLeft ? .right : .left) : style.alignment
    let origins = lines.enumerated().map { number, line in
      let baseline = firstBaseline + Int((step * Double(number)).rounded())
      let free = width - line.width
      let left = alignment == .left ? 0 : alignment == .right ? free : free / 2
      return (left, baseline - line.baseline)
    }
    return (width, height, origins)
  }
}
