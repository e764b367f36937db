import Foundation
import LumenCore
import Testing

@testable import LumenText

/// Text outlines: the distance transform against the formula it computes, and a round
/// outline of the width asked around a dot.
struct TextOutlineTests {
  /// The lower envelope equals `min over q of (p - q)^2 + f(q)` computed directly, for the
  /// values the row pass meets (squared column distances, or beyond reach).
  @Test func theDistanceTransformIsTheMinimumOverEveryPixel() {
    var generator = SystemRandomNumberGenerator()
    for count in [1, 2, 7, 64] {
      let f: [Double] = (0..<count).map { _ in
        let rows = Double(Int.random(in: 0...9, using: &generator))
        return Bool.random(using: &generator) ? 1e6 : rows * rows
      }
      var fast = f
      var (vertices, bounds, values) = (
        [Int](repeating: 0, count: count), [Double](repeating: 0, count: count + 1),
        [Double](repeating: 0, count: count)
      )
      fast.withUnsafeMutableBufferPointer {
        InkDistances.lowerEnvelope($0, vertices: &vertices, bounds: &bounds, values: &values)
      }
      for p in 0..<count {
        var direct = Double.infinity
        for q in 0..<count {
          let offset = Double(p - q)
          direct = min(direct, offset * offset + f[q])
        }
        #expect(fast[p] == direct, "\(f) at \(p)")
      }
    }
  }

  /// The two-dimensional transform of a random shape equals the least squared distance to its
  /// inked pixels, computed pixel by pixel, over the shape and its padding (up to the
  /// padding's width): with ink anywhere, and with ink in a few middle columns only; along the
  /// rows through each pixel's window and through the lower envelope; worked out in bands of
  /// one row, of a few (ink above and below a band counts) and all at once.
  @Test(arguments: [0..<13, 5..<8], [true, false])
  func everyPixelsDistanceIsTheLeastToAnyInk(inkedColumns: Range<Int>, windowed: Bool) {
    var generator = SystemRandomNumberGenerator()
    let (width, height, pad) = (13, 9, 3)
    let alpha: [UInt8] = (0..<(width * height)).map { index in
      inkedColumns.contains(index % width) && Int.random(in: 0..<10, using: &generator) == 0
        ? 200 : UInt8.random(in: 0...127, using: &generator)
    }
    let rgba = alpha.flatMap { a -> [UInt8] in [0, 0, 0, a] }
    for band in [1, 2, 5, height + 2 * pad] {
      let squared = rgba.withUnsafeBytes { bytes in
        var distances = InkDistances(
          inkOf: bytes.baseAddress, bytesPerRow: width * 4, width: width, height: height,
          pad: pad, directReach: windowed ? pad : 0)
        var all: [Float] = []
        var values = [Float](repeating: -1, count: band * distances.columns)
        while distances.nextRow < distances.rows {
          let first = distances.nextRow
          values.withUnsafeMutableBufferPointer { distances.next(band, into: $0) }
          all += values.prefix((distances.nextRow - first) * distances.columns)
        }
        return all
      }
      expectLeastDistances(squared, alpha: alpha, width: width, height: height, pad: pad)
    }
  }

  /// Checks `squared` (the padded shape's values) against the least squared distance to any
  /// pixel of `alpha` of at least a half, computed pixel by pixel.
  private func expectLeastDistances(
    _ squared: [Float], alpha: [UInt8], width: Int, height: Int, pad: Int
  ) {
    #expect(squared.count == (width + 2 * pad) * (height + 2 * pad))
    guard squared.count == (width + 2 * pad) * (height + 2 * pad) else { return }
    let columns = width + 2 * pad
    let inks = alpha.indices.filter { alpha[$0] >= 128 }.map {
      ($0 % width + pad, $0 / width + pad)
    }
    for y in 0..<(height + 2 * pad) {
      for x in 0..<columns {
        let direct = inks.map { Float(($0.0 - x) * ($0.0 - x) + ($0.1 - y) * ($0.1 - y)) }.min()
        if let direct, direct <= Float(pad * pad) {
          #expect(squared[y * columns + x] == direct, "(\(x), \(y))")
        } else {
          #expect(squared[y * columns + x] > Float(pad * pad), "(\(x), \(y))")
        }
      }
    }
  }

  /// A one-pixel dot outlined 5 pixels wide in red: pixels within 5 of it are red and opaque,
  /// beyond 6 clear; the dot itself keeps its colour; the drawing grows by 6 on every side.
  @Test func aDotGetsARoundOutlineOfTheWidthAsked() {
    let dot = Bitmap(width: 1, height: 1, format: .rgba8) { $0.copyBytes(from: [0, 0, 255, 255]) }
    let outlined = TextOutline.outlined(dot, width: 5, color: SIMD3(255, 0, 0), opacity: 1)
    #expect(outlined.width == 13 && outlined.height == 13)
    for y in 0..<13 {
      for x in 0..<13 {
        let p = outlined.sample(x: x, y: y)
        let d = (Double((x - 6) * (x - 6) + (y - 6) * (y - 6))).squareRoot()
        if d == 0 {
          #expect(p[2] == 1 && p[3] == 1)
        } else if d <= 4.5 {
          #expect(p[0] == 1 && p[3] == 1, "(\(x), \(y))")
        } else if d >= 5.5 {
          #expect(p[3] == 0, "(\(x), \(y))")
        }
      }
    }
  }

  /// A drawing taller than a band is outlined in place band after band: every pixel around
  /// the ink has the outline's alpha for its true distance to the nearest ink (worked out
  /// pixel by pixel), so painting a band never changes the ink the next one measures; the
  /// ink itself keeps its colour where it is opaque.
  @Test func outliningInPlaceLeavesTheNextBandsInkAlone() {
    var generator = SystemRandomNumberGenerator()
    let (width, height, outline) = (9, 300, 3.0)
    let alpha: [UInt8] = (0..<(width * height)).map { _ in
      Int.random(in: 0..<40, using: &generator) == 0 ? 255 : 0
    }
    let text = Bitmap(width: width, height: height, format: .rgba8) { bytes in
      bytes.copyBytes(from: alpha.flatMap { [0, 0, 255, $0] })
    }
    let outlined = TextOutline.outlined(text, width: outline, color: SIMD3(255, 0, 0), opacity: 1)
    let pad = 4
    #expect(outlined.width == width + 2 * pad && outlined.height == height + 2 * pad)
    let inks = alpha.indices.filter { alpha[$0] == 255 }.map {
      ($0 % width + pad, $0 / width + pad)
    }
    for y in 0..<outlined.height {
      for x in 0..<outlined.width {
        let nearest =
          inks.map { (ix: Int, iy: Int) -> Int in
            (ix - x) * (ix - x) + (iy - y) * (iy - y)
          }.min() ?? .max
        let p = outlined.sample(x: x, y: y)
        if nearest == 0 {
          #expect(p[2] == 1 && p[3] == 1, "(\(x), \(y))")
        } else {
          let cover = min(max(outline + 0.5 - Double(nearest).squareRoot(), 0), 1)
          #expect(abs(Double(p[3]) - cover) <= 1.0 / 255, "(\(x), \(y))")
        }
      }
    }
  }

  /// A text block outlined in place, drawn straight into the grown bitmap, is its bitmap
  /// outlined: in one colour at half opacity, for widths from outside (NaN, negative, zero,
  /// fractional and 1e308, clamped to 512) that size the grown bitmap.
  @Test(.enabled(if: blockFontInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func aBlockOutlinedInPlaceIsItsBitmapOutlined() throws {
    let fonts = FontSet(try FontFile(path: Self.blockFont))
    let style = TextBlock.Style(size: 24, color: SIMD3(200, 30, 90), maxWidth: 90, opacity: 0.5)
    let block = try TextBlock("Outlined words\nwrap", fonts: fonts, style: style)
    for width in [Double.nan, -5, 0, 2.5, 1e308] {
      let inPlace = TextOutline.outlined(block, width: width, color: SIMD3(0, 0, 255), opacity: 1)
      let copied = TextOutline.outlined(
        block.bitmap, width: width, color: SIMD3(0, 0, 255), opacity: 1)
      #expect(inPlace.width == copied.width && inPlace.height == copied.height, "\(width)")
      let same = inPlace.withUnsafeBytes { Array($0) } == copied.withUnsafeBytes { Array($0) }
      #expect(same, "outline width \(width)")
    }
  }

  static let blockFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static var blockFontInstalled: Bool { FileManager.default.fileExists(atPath: blockFont) }

  /// Widths from outside are clamped before they size anything: NaN, infinity, negative and
  /// zero give no outline (a one-pixel margin), 1e308 the widest one (512 px), drawn round.
  @Test func outlineWidthsAreClampedBeforeSizingTheDrawing() {
    let dot = Bitmap(width: 1, height: 1, format: .rgba8) { $0.copyBytes(from: [0, 0, 255, 255]) }
    for (width, side) in [
      (Double.nan, 3), (-5, 3), (0, 3), (1e308, 1027), (Double.infinity, 3),
    ] {
      let outlined = TextOutline.outlined(dot, width: width, color: SIMD3(255, 0, 0), opacity: 1)
      #expect(outlined.width == side && outlined.height == side, "width \(width)")
    }
    let widest = TextOutline.outlined(dot, width: 1e308, color: SIMD3(255, 0, 0), opacity: 1)
    // 511 px from the dot along an axis is outline; a corner of the square, 725 px away, is not.
    #expect(widest.sample(x: 513 + 511, y: 513)[3] == 1)
    #expect(widest.sample(x: 0, y: 0)[3] == 0)
  }
}
