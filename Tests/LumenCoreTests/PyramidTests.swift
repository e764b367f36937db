import LumenCore
import Testing

@Suite struct PyramidTests {
  let image = Image(bitmap: testBitmap(width: 120, height: 90))

  @Test(arguments: [2, 4, 5, 8, 16])
  func reducingEqualsBoxResampling(factor: Int) throws {
    let large = Image(bitmap: testBitmap(width: 240, height: 160))
    let reduced = try Renderer().bitmap(of: large.reduced(by: factor), format: encodedFloat)
    let box = try Renderer().bitmap(
      of: large.resized(width: 240 / factor, height: 160 / factor, filter: .box),
      format: encodedFloat)
    #expect(reduced.width == 240 / factor && reduced.height == 160 / factor)
    #expect(maxDifference(samples(reduced), samples(box)) < 1e-5)
  }

  @Test func blocksBeyondTheEdgesRepeatThem() throws {
    // Over a region 13 px left of and 6 px above the image, in blocks of 7: the first column
    // of blocks repeats column 0 six times, the last is cut to 2 columns by the region.
    let region = Rect(x: -13, y: -6, width: 135, height: 96)
    let reduced = try Renderer().bitmap(
      of: image.reduced(by: 7, over: region), format: encodedFloat)
    #expect(reduced.width == 20 && reduced.height == 14)
    let source = samples(try Renderer().bitmap(of: image, format: encodedFloat))
    let ours = samples(reduced)
    for (bx, by) in [(0, 0), (19, 13), (19, 0), (0, 13), (5, 5), (1, 1)] {
      for channel in 0..<4 {
        var total: Float = 0
        var count: Float = 0
        for y in (-6 + 7 * by)..<min(-6 + 7 * by + 7, 90) {
          for x in (-13 + 7 * bx)..<min(-13 + 7 * bx + 7, 122) {
            total += source[(min(max(y, 0), 89) * 120 + min(max(x, 0), 119)) * 4 + channel]
            count += 1
          }
        }
        #expect(abs(ours[(by * 20 + bx) * 4 + channel] - total / count) < 1e-5)
      }
    }
  }

  @Test(arguments: [2, 3, 8])
  func enlargingEqualsBilinearResamplingInside(factor: Int) throws {
    let size = Rect(width: 120 * factor, height: 90 * factor)
    let enlarged = try Renderer().bitmap(
      of: image.clampedToExtent().enlarged(by: factor, extent: size), format: encodedFloat)
    let bilinear = try Renderer().bitmap(
      of: image.resized(width: size.width, height: size.height, filter: .bilinear),
      format: encodedFloat)
    // Resampling renormalises its window at the edges; enlarging reads repeated edge pixels.
    // Inside, both interpolate between the same two pixel centres.
    let inside = Rect(
      x: factor, y: factor, width: size.width - 2 * factor, height: size.height - 2 * factor)
    let a = try Renderer().bitmap(of: Image(bitmap: enlarged), rect: inside, format: encodedFloat)
    let b = try Renderer().bitmap(of: Image(bitmap: bilinear), rect: inside, format: encodedFloat)
    #expect(maxDifference(samples(a), samples(b)) < 1e-5)
  }

  @Test func tilesOfAnEnlargementAgreeWithTheWhole() throws {
    // Output tiles start at every phase of the factor; each must read the right input pixels.
    let enlarged = image.clampedToExtent().enlarged(
      by: 8, extent: Rect(x: -13, y: -5, width: 700, height: 300))
    let whole = try Renderer(threadCount: 1).bitmap(of: enlarged, format: encodedFloat)
    let part = Rect(x: 101, y: 37, width: 333, height: 201)
    let piece = try Renderer(threadCount: 2).bitmap(of: enlarged, rect: part, format: encodedFloat)
    let same = try Renderer().bitmap(
      of: Image(bitmap: whole).translatedBy(dx: -13, dy: -5), rect: part, format: encodedFloat)
    #expect(maxDifference(samples(piece), samples(same)) == 0)
  }
}
