import LumenCore
import Testing

@Suite struct RenderTests {
  @Test func rendersSourceUnchanged() throws {
    for alpha in [false, true] {
      let bitmap = testBitmap(width: 1030, height: 77, alpha: alpha)
      let out = try Renderer().bitmap(of: Image(bitmap: bitmap), format: bitmap.format)
      #expect(firstDifference(out, bitmap) == nil, "alpha: \(alpha)")
    }
  }

  @Test func sixteenBitSourceRoundTrips() throws {
    let bitmap = Bitmap(width: 300, height: 40, format: .rgb16) { raw in
      let p = raw.bindMemory(to: UInt16.self)
      for i in 0..<p.count { p[i] = UInt16((i &* 2_654_435_761) & 0xFFFF) }
    }
    let out = try Renderer().bitmap(of: Image(bitmap: bitmap), format: .rgb16)
    #expect(firstDifference(out, bitmap) == nil)
  }

  @Test func regionOutsideTheExtentIsTransparent() throws {
    let image = Image(bitmap: testBitmap(width: 10, height: 10))
    let out = try Renderer().bitmap(of: image, rect: Rect(x: 5, y: 5, width: 10, height: 10))
    #expect(out.sample(x: 9, y: 9) == [0, 0, 0, 0])
    #expect(out.sample(x: 0, y: 0)[3] == 1)
  }

  @Test func refusesInfiniteAndEmptyRegions() {
    #expect(throws: RenderError.infiniteRegion) {
      try Renderer().bitmap(of: Image(color: .white))
    }
    #expect(throws: RenderError.emptyRegion) {
      try Renderer().bitmap(of: Image(color: .white), rect: .empty)
    }
  }

  @Test func sameBytesWithOneThreadAndWithAll() throws {
    let source = Image(bitmap: testBitmap(width: 1500, height: 700, alpha: true))
    let image =
      source
      .applying(ColorMatrix(red: [1.1, 0, 0, 0], bias: [0.02, 0, 0, 0], transfer: .sRGB))
      .transformed(by: AffineTransform(rotationAngle: 0.3))
      .resized(width: 800, height: 500)
      .applying(ColorMatrix(green: [0, 0.9, 0.1, 0]))
    let one = try Renderer(threadCount: 1).bitmap(of: image)
    let all = try Renderer(threadCount: 8).bitmap(of: image)
    #expect(firstDifference(one, all) == nil)
  }

  @Test func streamsBandsInOrder() throws {
    final class Recorder: RowSink {
      var rows: [Int] = []
      var began = false, finished = false
      func begin(width: Int, height: Int, format: PixelFormat) { began = true }
      func write(_ band: RowBand) {
        rows.append(contentsOf: band.firstRow..<(band.firstRow + band.rowCount))
      }
      func finish() { finished = true }
    }
    let sink = Recorder()
    try Renderer(threadCount: 4).render(
      Image(bitmap: testBitmap(width: 64, height: 1000)), format: .rgb8, to: sink)
    #expect(sink.began && sink.finished)
    #expect(sink.rows == Array(0..<1000))
  }

  @Test func sinkErrorStopsTheRender() {
    struct Full: Error {}
    final class Failing: RowSink {
      func begin(width: Int, height: Int, format: PixelFormat) {}
      func write(_ band: RowBand) throws { if band.firstRow > 100 { throw Full() } }
      func finish() {}
    }
    #expect(throws: Full.self) {
      try Renderer().render(
        Image(bitmap: testBitmap(width: 64, height: 2000)), format: .rgb8, to: Failing())
    }
  }
}
