import LumenCore
import Testing

@Suite struct GeometryTests {
  /// Where stored pixel (x, y) of a w x h image lands for each EXIF orientation (TIFF 6.0).
  func expectedPosition(_ o: Orientation, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (Int, Int) {
    switch o {
    case .up: (x, y)
    case .upMirrored: (w - 1 - x, y)
    case .down: (w - 1 - x, h - 1 - y)
    case .downMirrored: (x, h - 1 - y)
    case .leftMirrored: (y, x)
    case .right: (h - 1 - y, x)
    case .rightMirrored: (h - 1 - y, w - 1 - x)
    case .left: (y, w - 1 - x)
    }
  }

  @Test(arguments: Orientation.allCases)
  func orientationIsAnExactPermutation(_ o: Orientation) throws {
    let (w, h) = (13, 7)
    let bitmap = testBitmap(width: w, height: h)
    let out = try Renderer().bitmap(of: Image(bitmap: bitmap).oriented(o), format: .rgb8)
    #expect(out.width == (o.swapsDimensions ? h : w))
    for y in 0..<h {
      for x in 0..<w {
        let (u, v) = expectedPosition(o, x, y, w, h)
        #expect(out.sample(x: u, y: v) == bitmap.sample(x: x, y: y))
      }
    }
  }

  @Test func wholePixelMovesDoNotResample() throws {
    let bitmap = testBitmap(width: 40, height: 30)
    let moved = Image(bitmap: bitmap).translatedBy(dx: 5, dy: -3)
    #expect(moved.extent == Rect(x: 5, y: -3, width: 40, height: 30))
    let out = try Renderer().bitmap(of: moved.movedToOrigin(), format: .rgb8)
    #expect(firstDifference(out, bitmap) == nil)
  }

  /// An image that only reads a bitmap (cropped, moved by whole pixels) names it: the same
  /// memory, not a copy; any resampling, colour or generator names none.
  @Test func storedBitmapIsNamedOnlyForReadsOfIt() {
    let bitmap = testBitmap(width: 40, height: 30, alpha: true)
    let memory = bitmap.withUnsafeBytes { $0.baseAddress }
    let moved = Image(bitmap: bitmap).translatedBy(dx: 7, dy: -3)
      .cropped(to: Rect(x: 10, y: 0, width: 20, height: 20)).translatedBy(dx: -2, dy: 5)
    #expect(moved.storedBitmap?.withUnsafeBytes { $0.baseAddress } == memory)
    #expect(Image(bitmap: bitmap).storedBitmap?.withUnsafeBytes { $0.baseAddress } == memory)
    let others = [
      Image(bitmap: bitmap).transformed(by: AffineTransform(translationX: 0.5, y: 0)),
      Image(bitmap: bitmap).transformed(by: AffineTransform(scaleX: 2, y: 2)),
      Image(bitmap: bitmap).applying(ColorMatrix(bias: [0.1, 0, 0, 0])),
      Image(color: .white).cropped(to: Rect(width: 4, height: 4)),
    ]
    #expect(others.allSatisfy { $0.storedBitmap == nil })
  }

  @Test func clampRepeatsEdges() throws {
    let bitmap = testBitmap(width: 8, height: 8)
    let out = try Renderer().bitmap(
      of: Image(bitmap: bitmap).clampedToExtent(), rect: Rect(x: -3, y: -2, width: 14, height: 12),
      format: .rgb8)
    #expect(out.sample(x: 0, y: 0) == bitmap.sample(x: 0, y: 0))
    #expect(out.sample(x: 13, y: 11) == bitmap.sample(x: 7, y: 7))
    #expect(out.sample(x: 5, y: 0) == bitmap.sample(x: 2, y: 0))
  }

  @Test func resizeToSameSizeIsIdentityAndSizesAreExact() throws {
    let image = Image(bitmap: testBitmap(width: 301, height: 203))
    let small = image.resized(width: 100, height: 67)
    #expect(small.extent == Rect(width: 100, height: 67))
    let big = image.resized(width: 640, height: 480, filter: .bilinear)
    #expect(big.extent == Rect(width: 640, height: 480))
    let same = try Renderer().bitmap(of: image.resized(width: 301, height: 203), format: .rgb8)
    #expect(same.width == 301)
  }

  @Test func rendersAnyRegionAtAnyScale() throws {
    let image = Image(bitmap: testBitmap(width: 400, height: 300))
    let whole = try Renderer().bitmap(of: image, scale: 0.25, format: .rgb8)
    #expect(whole.width == 100 && whole.height == 75)
    let part = try Renderer().bitmap(
      of: image, rect: Rect(x: 10, y: 20, width: 30, height: 15), scale: 0.25, format: .rgb8)
    #expect(part.sample(x: 0, y: 0) == whole.sample(x: 10, y: 20))
    #expect(part.sample(x: 29, y: 14) == whole.sample(x: 39, y: 34))
  }

  @Test func resizingAFlatColourKeepsIt() throws {
    let flat = Bitmap(width: 97, height: 61, format: .rgb8) {
      $0.initializeMemory(as: UInt8.self, repeating: 77)
    }
    for filter in ResamplingFilter.allCases {
      let out = try Renderer().bitmap(
        of: Image(bitmap: flat).resized(width: 40, height: 150, filter: filter), format: .rgb8)
      #expect(Set(bytes(out)) == [77], "\(filter)")
    }
  }
}
