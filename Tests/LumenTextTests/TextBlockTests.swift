import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenText

/// Paragraphs broken into lines: only where uniseg's own UAX #14 implementation allows, no line
/// wider than the width unless it is one unbreakable piece, and greedily (the next piece would
/// not have fitted).
struct TextBlockTests {
  static let font = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
  static var fontInstalled: Bool { FileManager.default.fileExists(atPath: font) }

  static let paragraph = """
    Lumen draws captions, stickers and frames on photos and videos. Text wraps where the \
    Unicode line breaking algorithm allows: at spaces, after hyphens as in well-known, and \
    between 漢字 ideographs; a word such as Donaudampfschifffahrtsgesellschaft stays whole. \
    Numbers like 3.14 and 1,000,000 and (brackets) keep together.
    """

  @Test(
    .tags(.oracle), .requires(.python),
    .enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"),
    arguments: [120.0, 200.0, 333.0, 600.0])
  func linesBreakWhereUAX14AllowsAndFit(_ maxWidth: Double) throws {
    let fonts = FontSet(try FontFile(path: Self.font))
    let style = TextBlock.Style(size: 20, maxWidth: maxWidth)
    let block = try TextBlock(Self.paragraph, fonts: fonts, style: style)
    let boundaries = try JSONDecoder().decode(
      [Int].self, from: Data(try Oracle.runScript("line_breaks.py", [Self.paragraph]).utf8))
    let scalars = Array(Self.paragraph.unicodeScalars)
    #expect(block.lines.count > 1)
    // As wide as the width, or as the one word too long for it.
    #expect(block.width >= Int(maxWidth.rounded(.up)))
    // The width of a stretch of the paragraph, measured by drawing it alone on one line.
    func measured(_ range: Range<Int>) throws -> Int {
      let text = String(String.UnicodeScalarView(scalars[range]))
      return try TextBlock(
        text, fonts: FontSet(try FontFile(path: Self.font)), style: TextBlock.Style(size: 20)
      ).width
    }
    for (number, line) in block.lines.enumerated() {
      if number > 0 {
        #expect(boundaries.contains(line.lowerBound), "line \(number) starts at \(line.lowerBound)")
      }
      let lineWidth = try measured(line)
      let pieces = boundaries.filter { $0 > line.lowerBound && $0 < line.upperBound }
      #expect(
        lineWidth <= Int(maxWidth.rounded(.up)) + 2 || pieces.isEmpty,
        "line \(number): \(lineWidth) px")
      // Greedy: the next piece would have made the line too wide.
      if number + 1 < block.lines.count,
        let next = boundaries.first(where: { $0 > block.lines[number + 1].lowerBound })
      {
        let longer = line.lowerBound..<next
        let trimmed =
          longer.lowerBound..<(longer.upperBound - (scalars[longer.upperBound - 1] == " " ? 1 : 0))
        #expect(
          try measured(trimmed) > Int(maxWidth.rounded(.down)) - 2, "line \(number) could hold more"
        )
      }
    }
  }

  /// Line feeds end lines; alignment moves lines within the width; natural alignment is right
  /// for a right-to-left paragraph.
  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func lineFeedsAndAlignment() throws {
    let fonts = FontSet(try FontFile(path: Self.font))
    let lines = try TextBlock("one\ntwo three\n\nfour", fonts: fonts, style: .init(size: 20)).lines
    #expect(lines == [0..<3, 4..<13, 14..<14, 15..<19])
    func inkColumns(_ alignment: TextBlock.Alignment, _ text: String) throws -> (Int, Int) {
      let bitmap = try TextBlock(
        text, fonts: fonts, style: .init(size: 20, maxWidth: 400, alignment: alignment)
      ).bitmap
      var columns: [Int] = []
      bitmap.withUnsafeBytes { bytes in
        for y in 0..<bitmap.height {
          for x in 0..<bitmap.width where bytes[(y * bitmap.width + x) * 4 + 3] > 0 {
            columns.append(x)
          }
        }
      }
      return (columns.min() ?? -1, columns.max() ?? -1)
    }
    let (leftStart, _) = try inkColumns(.left, "Hi")
    let (_, rightEnd) = try inkColumns(.right, "Hi")
    let (centerStart, centerEnd) = try inkColumns(.center, "Hi")
    #expect(leftStart < 5 && rightEnd > 390)
    #expect(abs((centerStart + centerEnd) - 400) < 6)
    let hebrew = FontSet(
      try FontFile(path: "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"))
    let natural = try TextBlock("שלום", fonts: hebrew, style: .init(size: 20, maxWidth: 400)).bitmap
    var maxColumn = 0
    natural.withUnsafeBytes { bytes in
      for y in 0..<natural.height {
        for x in 0..<natural.width where bytes[(y * natural.width + x) * 4 + 3] > 0 {
          maxColumn = max(maxColumn, x)
        }
      }
    }
    #expect(maxColumn > 390)
  }

  /// The lazy image (each tile drawn from the glyphs that reach it) holds the bitmap's
  /// pixels, across tile and band seams, with any thread count. The colour has no red, so
  /// that only alpha tells where there is ink.
  @Test(
    .enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"),
    arguments: [1, 2])
  func tilesDrawWhatTheBitmapHolds(threads: Int) throws {
    let fonts = FontSet(try FontFile(path: Self.font))
    let block = try TextBlock(
      Self.paragraph, fonts: fonts,
      style: .init(size: 37, color: SIMD3(0, 90, 230), maxWidth: 700, opacity: 0.6))
    // Several tiles across and bands down.
    #expect(block.width > 512 && block.height > 96)
    let context = RenderContext(threadCount: threads)
    let whole = try context.bitmap(of: Image(bitmap: block.bitmap), format: .rgba8)
    let tiled = try context.bitmap(of: block.image, format: .rgba8)
    let (tiledBytes, wholeBytes) = (
      tiled.withUnsafeBytes { Array($0) }, whole.withUnsafeBytes { Array($0) }
    )
    // Counted rather than compared whole, so that a failure names how much differs.
    #expect(tiledBytes.count == wholeBytes.count)
    #expect(zip(tiledBytes, wholeBytes).filter { $0 != $1 }.count == 0)
    let inked = whole.withUnsafeBytes { bytes in
      stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] > 0 }.count
    }
    #expect(inked > whole.width * whole.height / 20)
  }

  /// A block in one colour is drawn as one coverage a pixel (``TextBlock/isMonochrome``): the
  /// same alpha as the premultiplied RGBA canvas that colour glyphs need, and exactly the
  /// block's colour, which that canvas (made straight again) holds within a level once
  /// premultiplied: its faint pixels' colours are only as precise as their alpha. Letters
  /// drawn closer than their advance overlap, so that both combine coverages.
  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func coverageDrawsWhatTheColourCanvasDraws() throws {
    let color = SIMD3<UInt8>(0, 90, 230)
    let block = try TextBlock(
      Self.paragraph, fonts: FontSet(try FontFile(path: Self.font)),
      style: .init(size: 37, color: color, maxWidth: 700, letterSpacing: -0.2, opacity: 0.6))
    #expect(block.isMonochrome)
    let coverage = block.bitmap.withUnsafeBytes { Array($0.bindMemory(to: SIMD4<UInt8>.self)) }
    let canvas = [SIMD4<UInt8>](unsafeUninitializedCapacity: coverage.count) { pixels, count in
      block.draw(block.extent, into: pixels)
      count = coverage.count
    }
    let inked = coverage.indices.filter { coverage[$0].w > 0 }
    #expect(inked.count > coverage.count / 20)
    #expect(zip(coverage, canvas).filter { $0.w != $1.w }.count == 0)
    #expect(inked.filter { coverage[$0] != SIMD4(color, coverage[$0].w) }.count == 0)
    func premultiplied(_ pixel: SIMD4<UInt8>) -> SIMD3<Int32> {
      let straight = SIMD3<Int32>(truncatingIfNeeded: SIMD3(pixel.x, pixel.y, pixel.z))
      return (straight &* Int32(pixel.w) &+ 127) / 255
    }
    let apart = inked.filter {
      let difference = premultiplied(coverage[$0]) &- premultiplied(canvas[$0])
      return difference.replacing(with: 0 &- difference, where: difference .< 0).max() > 1
    }
    #expect(apart.count == 0)
  }

  /// Over a picture, the lazy image draws its glyphs straight onto it (no tile of its own):
  /// the same bytes as its bitmap laid over the picture, and as its tiles blended one by one.
  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func drawnOverAPictureAsTheBitmapIs() throws {
    /// A normal blend that does not let the foreground draw itself over the background.
    struct Blended: BlendKernel {
      let inner = BlendModeKernel(mode: .normal)
      var transfer: Transfer { inner.transfer }
      var clearForegroundKeepsBackground: Bool { true }
      func blend(_ foreground: PixelSpan, into background: PixelSpan) {
        inner.blend(foreground, into: background)
      }
    }
    let block = try TextBlock(
      Self.paragraph, fonts: FontSet(try FontFile(path: Self.font)),
      style: .init(size: 37, color: SIMD3(250, 240, 30), maxWidth: 700, opacity: 0.8))
    let picture = Image(color: RGBA(red: 0.1, green: 0.3, blue: 0.6)).cropped(
      to: block.image.extent)
    let context = RenderContext(threadCount: 2)
    let over = { (layer: Image, kernel: any BlendKernel) in
      try context.bitmap(of: layer.composited(over: picture, using: kernel), format: .rgb8)
        .withUnsafeBytes { Array($0) }
    }
    let drawn = try over(block.image, BlendModeKernel(mode: .normal))
    #expect(drawn == (try over(Image(bitmap: block.bitmap), BlendModeKernel(mode: .normal))))
    #expect(drawn == (try over(block.image, Blended())))
    // The text is there: the comparisons mean something.
    let plain = try context.bitmap(of: picture, format: .rgb8).withUnsafeBytes { Array($0) }
    #expect(zip(drawn, plain).filter { $0 != $1 }.count > drawn.count / 20)
  }

  /// Letter spacing widens a line by the spacing after each character.
  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func letterSpacingAddsAfterEachCharacter() throws {
    let fonts = FontSet(try FontFile(path: Self.font))
    let plain = try TextBlock("spacing", fonts: fonts, style: .init(size: 40)).width
    let spaced = try TextBlock(
      "spacing", fonts: fonts, style: .init(size: 40, letterSpacing: 0.25)
    ).width
    #expect(abs(spaced - plain - 7 * 10) <= 2, "\(plain) -> \(spaced)")
  }

  /// libunibreak 1.1 aborts the process on regional indicators and U+FFFF; they are given to it
  /// in a form it knows, and a flag is never split.
  @Test(.enabled(if: fontInstalled, "needs fonts-noto-core (scripts/setup.sh --oracles)"))
  func flagsAndNoncharactersDoNotAbort() throws {
    let fonts = FontSet(try FontFile(path: Self.font))
    let block = try TextBlock(
      "🇫🇷🇩🇪 \u{FFFF} 🇯🇵", fonts: fonts, style: .init(size: 20, maxWidth: 30))
    #expect(block.lines.first == 0..<4)
  }
}
