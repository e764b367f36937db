import LumenCore
import Testing

@testable import LumenLayers

/// Brush strokes: a hard tip covers each pixel by the area of the stroke inside it, checked
/// against the capsule's area found another way (the distance to the segment, solved for
/// each of 400 vertical lines a pixel by bisection).
struct BrushTests {
  /// The distance from `p` to the segment `a`-`b`.
  static func distance(from p: SIMD2<Double>, to a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let delta = b - a
    let squared = (delta * delta).sum()
    let t = squared > 0 ? min(max(((p - a) * delta).sum() / squared, 0), 1) : 0
    let offset = p - (a + t * delta)
    return (offset * offset).sum().squareRoot()
  }

  /// The area of the pixel `(column, row)` within `radius` of the segment `a`-`b`.
  static func capsuleArea(
    column: Int, row: Int, _ a: SIMD2<Double>, _ b: SIMD2<Double>, radius: Double
  ) -> Double {
    // Pixels whose centre lies more than a pixel diagonal inside or outside need no integral.
    let centre = Self.distance(
      from: SIMD2(Double(column) + 0.5, Double(row) + 0.5), to: a, b)
    if centre < radius - 0.75 { return 1 }
    if centre > radius + 0.75 { return 0 }
    let samples = 400
    var area = 0.0
    for k in 0..<samples {
      let x = Double(column) + (Double(k) + 0.5) / Double(samples)
      // The nearest point of the segment to the vertical line is where the distance is
      // least; the distance grows away from it, so each edge is one bisection.
      func distance(_ y: Double) -> Double { Self.distance(from: SIMD2(x, y), to: a, b) }
      var (low, high) = (min(a.y, b.y) - radius - 1, max(a.y, b.y) + radius + 1)
      for _ in 0..<60 {
        let (m1, m2) = (low + (high - low) / 3, high - (high - low) / 3)
        if distance(m1) < distance(m2) { high = m2 } else { low = m1 }
      }
      let nearest = (low + high) / 2
      guard distance(nearest) <= radius else { continue }
      func edge(towards far: Double) -> Double {
        var (inside, outside) = (nearest, far)
        for _ in 0..<40 {
          let middle = (inside + outside) / 2
          if distance(middle) <= radius { inside = middle } else { outside = middle }
        }
        return inside
      }
      let top = edge(towards: min(a.y, b.y) - radius - 2)
      let bottom = edge(towards: max(a.y, b.y) + radius + 2)
      area += max(0, min(bottom, Double(row + 1)) - max(top, Double(row))) / Double(samples)
    }
    return area
  }

  @Test(arguments: [
    (SIMD2(20.3, 30.7), SIMD2(80.6, 30.7), 8.4), (SIMD2(10.2, 15.5), SIMD2(70.9, 60.1), 6.3),
    (SIMD2(50.5, 10.25), SIMD2(49.0, 70.0), 3.05), (SIMD2(40.0, 40.0), SIMD2(40.0, 40.0), 12.5),
  ])
  func aHardStraightStrokeCoversTheCapsulesArea(
    a: SIMD2<Double>, b: SIMD2<Double>, radius: Double
  ) throws {
    let path = try #require(
      BrushPath(points: [a, b], radius: radius, hardness: 1, width: 100, height: 80))
    let coverage = try #require(BrushCoverage(path, in: path.bounds))
    var worst = 0.0
    var inked = 0
    for row in 0..<coverage.height {
      for column in 0..<coverage.width {
        let (x, y) = (coverage.minX + column, coverage.minY + row)
        let expected = Self.capsuleArea(column: x, row: y, a, b, radius: radius)
        let got = Double(coverage.value(x: x, y: y))
        worst = max(worst, abs(got - expected))
        if expected > 0.5 { inked += 1 }
      }
    }
    #expect(inked > 20)
    #expect(worst * 255 <= 1, "worst difference \(worst * 255) levels")
  }

  /// A soft tip's coverage is full within `hardness` of its radius (at least a pixel from its
  /// edge), none from its radius on, and a smooth step of the distance from the pixel's centre
  /// to the segment between: within a level of that formula worked out in doubles, on a wide
  /// drawing whose strokes lie thousands of pixels from its origin, or reach millions of
  /// pixels beyond it.
  @Test(arguments: [
    (SIMD2(5_020.3, 3_130.7), SIMD2(5_380.6, 3_190.2), 9.4, 0.5),
    (SIMD2(7_010.2, 15.5), SIMD2(6_870.9, 260.1), 6.3, 0.0),
    (SIMD2(3_050.5, 3_010.25), SIMD2(3_050.5, 3_010.25), 12.5, 0.8),
    (SIMD2(-2_000_000.5, 1_500.5), SIMD2(7_950.5, 1_530.25), 8.7, 0.3),
    (SIMD2(4_000.25, -3e7), SIMD2(4_100.75, 3e7), 5.5, 0.6),
  ])
  func aSoftStrokeFallsOffAsASmoothStepOfTheDistance(
    a: SIMD2<Double>, b: SIMD2<Double>, radius: Double, hardness: Double
  ) throws {
    let path = try #require(
      BrushPath(points: [a, b], radius: radius, hardness: hardness, width: 8_000, height: 4_000))
    let coverage = try #require(BrushCoverage(path, in: path.bounds))
    // The window's values, row after row (0 where no run reaches).
    var values = [Float](repeating: 0, count: coverage.width * coverage.height)
    for run in coverage.runs {
      for x in run.columns {
        values[(run.y - coverage.minY) * coverage.width + x - coverage.minX] =
          coverage.values[run.start + x - run.columns.lowerBound]
      }
    }
    let inner = min(radius * hardness, radius - 1)
    var worst = 0.0
    var (strong, faint) = (0, 0)
    for row in 0..<coverage.height {
      for column in 0..<coverage.width {
        let (x, y) = (coverage.minX + column, coverage.minY + row)
        let d = Self.distance(from: SIMD2(Double(x) + 0.5, Double(y) + 0.5), to: a, b)
        let t = d <= inner ? 1 : d < radius ? (radius - d) / (radius - inner) : 0
        let expected = t * t * (3 - 2 * t)
        worst = max(worst, abs(Double(values[row * coverage.width + column]) - expected))
        if expected > 0.9 { strong += 1 } else if expected > 0 { faint += 1 }
      }
    }
    #expect(strong > 10 && faint > 50)
    #expect(worst * 255 <= 1, "worst difference \(worst * 255) levels")
  }

  /// A band of rows is worked out once for all its tiles, across the strokes' width: the
  /// pixels are the same whether the drawing is rendered whole, on one thread or two, or as a
  /// part that starts at odd rows and columns (a row's values depend on the row alone).
  @Test func tilesAndPartsOfADrawingAgree() throws {
    let image = Self.crossing(bandBytes: 16 << 20)
    let whole = try Renderer(threadCount: 1).bitmap(of: image, format: .rgba8)
    #expect(try bytes(Renderer(threadCount: 2).bitmap(of: image, format: .rgba8)) == bytes(whole))
    // The drawing is the window the strokes reach.
    let part = Rect(x: 301, y: 77, width: 333, height: 411)
    #expect(image.extent.contains(part))
    let drawn = try Renderer(threadCount: 2).bitmap(
      of: image.cropped(to: part).translatedBy(dx: -part.minX, dy: -part.minY), format: .rgba8)
    // The same pixels cut from the whole drawing, which starts where the strokes reach.
    let (all, origin) = (bytes(whole), image.extent)
    let expected = (part.minY..<part.maxY).flatMap { y in
      let start = ((y - origin.minY) * whole.width + part.minX - origin.minX) * 4
      return all[start..<start + part.width * 4]
    }
    let got = bytes(drawn)
    let differing = got.indices.filter { got[$0] != expected[$0] }
    let first = differing.first.map { ($0 / 4 % part.width, $0 / 4 / part.width) }
    #expect(
      differing.isEmpty,
      "\(differing.count) bytes differ, the first at \(String(describing: first))")
    #expect(expected.contains { $0 != 0 })
  }

  /// A band too large to keep (the limit set to nothing) is worked out tile by tile: the same
  /// pixels on one thread or two, and within a level of the kept bands' (sums that start at
  /// a tile's edge differ in their last bits; compared where the ink is not faint, as a faint
  /// pixel's straight colour swings with its last bits).
  @Test func bandsTooLargeToKeepAreWorkedOutTileByTile() throws {
    let kept = bytes(try Renderer(threadCount: 1).bitmap(of: Self.crossing(bandBytes: 16 << 20)))
    let tiled = Self.crossing(bandBytes: 0)
    let alone = bytes(try Renderer(threadCount: 1).bitmap(of: tiled))
    #expect(bytes(try Renderer(threadCount: 2).bitmap(of: tiled)) == alone)
    var worst = 0
    for i in stride(from: 0, to: kept.count, by: 4) where max(kept[i + 3], alone[i + 3]) > 64 {
      for c in 0..<4 { worst = max(worst, abs(Int(kept[i + c]) - Int(alone[i + c]))) }
    }
    #expect(worst <= 1, "worst difference \(worst) levels")
    #expect(kept.contains { $0 != 0 })
  }

  /// Many strokes across a wide drawing ask for more than a band may keep (120 strokes
  /// of 2,000 columns a row: ~30 MB a band): the tiles draw each stroke over themselves in
  /// turn, the same pixels on one thread or two.
  @Test func crowdedBandsAreNotKept() throws {
    let strokes = (0..<120).map { i in
      let t = Double(i) / 120
      return BrushStroke(
        points: (0...9).map { k in SIMD2(Double(k) / 9, (t + 0.1 * Double(k % 2)) / 1.1) },
        size: 0.02, hardness: i % 2 == 0 ? 1 : 0.5,
        color: LayerColor(red: t, green: 1 - t, blue: 0.5))
    }
    let image = Image.brush(strokes, width: 2000, height: 300)
    let alone = bytes(try Renderer(threadCount: 1).bitmap(of: image))
    #expect(bytes(try Renderer(threadCount: 2).bitmap(of: image)) == alone)
    #expect(alone.contains { $0 != 0 })
  }

  /// Twelve strokes across a 900 x 700 drawing, hard and soft, one erasing.
  static func crossing(bandBytes: Int) -> Image {
    let strokes = (0..<12).map { i in
      let t = Double(i) / 12
      return BrushStroke(
        points: [SIMD2(0.02, t), SIMD2(0.5, 1 - t), SIMD2(0.97, t + 0.03)],
        size: 0.01 + 0.004 * Double(i % 4), hardness: i % 3 == 0 ? 0.4 : 1,
        color: LayerColor(red: t, green: 0.5, blue: 1 - t), erases: i == 7)
    }
    return Image.brush(
      strokes, smoothing: 0.3, width: 900, height: 700, bands: BrushBands(bandBytes: bandBytes))
  }

  func bytes(_ bitmap: Bitmap) -> [UInt8] { bitmap.withUnsafeBytes { Array($0) } }

  /// Painting then erasing along the same path leaves nothing; a half-opaque eraser halves.
  @Test func anEraserRemovesWhatWasPainted() throws {
    let path = [SIMD2(0.2, 0.5), SIMD2(0.8, 0.5)]
    let red = LayerColor(red: 1, green: 0, blue: 0)
    for (opacity, expected) in [(1.0, 0.0), (0.5, 0.5)] {
      let image = Image.brush(
        [
          BrushStroke(points: path, size: 0.2, color: red),
          BrushStroke(points: path, size: 0.3, opacity: opacity, erases: true),
        ], width: 100, height: 50)
      // The drawing is the window the strokes reach, centred on them.
      let bitmap = try Renderer().bitmap(of: image, format: .rgba8)
      let centre = bitmap.sample(x: bitmap.width / 2, y: bitmap.height / 2)
      #expect(abs(Double(centre[3]) - expected) < 0.01, "\(opacity): \(centre)")
    }
  }

  /// Smoothing keeps the ends, leaves straight lines straight and calms a zigzag.
  @Test func smoothingCalmsAZigzagAndKeepsTheEnds() {
    let zigzag: [SIMD2<Double>] = (0...10).map { i in
      let y: Double = i == 0 || i == 10 ? 0.5 : (i % 2 == 0 ? 0.4 : 0.6)
      return SIMD2(Double(i) / 10, y)
    }
    let calm = zigzag.smoothed(by: 1)
    #expect(calm.first == zigzag.first && calm.last == zigzag.last)
    #expect(calm.allSatisfy { abs($0.y - 0.5) < 0.05 })
    let line = (0...5).map { SIMD2(Double($0) / 5, 0.3) }
    #expect(line.smoothed(by: 0.7).allSatisfy { abs($0.y - 0.3) < 1e-12 })
    #expect(zigzag.smoothed(by: 0) == zigzag)
  }

  /// A stroke asks about a tile by its segments' distance to it, not by their bounding boxes:
  /// every rectangle where its coverage has ink is reached (hard and soft tips, slanted,
  /// straight and zigzag paths, a dot, a hairline, a line between points 1e308 away), and a
  /// slanted stroke leaves many of the rectangles its boxes meet clear.
  @Test func aStrokeReachesEveryRectangleItInks() throws {
    let (width, height) = (160, 120)
    func path(_ points: [SIMD2<Double>], radius: Double, hardness: Double = 1) throws -> BrushPath {
      try #require(
        BrushPath(points: points, radius: radius, hardness: hardness, width: width, height: height))
    }
    let paths = [
      try path([SIMD2(10, 10), SIMD2(150, 100)], radius: 3),
      try path([SIMD2(5, 100), SIMD2(155, 20)], radius: 0.5),
      try path(
        [SIMD2(10, 60), SIMD2(50, 20), SIMD2(90, 90), SIMD2(150, 30)], radius: 6, hardness: 0.4),
      try path([SIMD2(80, 60)], radius: 10),
      try path([SIMD2(40, 5), SIMD2(42, 115)], radius: 2, hardness: 0.3),
      try path([SIMD2(-20, 60), SIMD2(180, 60.5)], radius: 1),
      try path([SIMD2(-1e308, 30), SIMD2(1e308, 31)], radius: 4),
    ]
    var (inked, cleared) = (0, 0)
    var missed: [String] = []
    for (index, path) in paths.enumerated() {
      for y in stride(from: 0, to: height, by: 7) {
        for x in stride(from: 0, to: width, by: 9) {
          for (w, h) in [(1, 1), (5, 3), (16, 8), (40, 12)] {
            let rect = Rect(x: x, y: y, width: w, height: h)
            let ink =
              BrushCoverage(path, in: rect).map { coverage in
                (rect.minY..<rect.maxY).contains { row in
                  (rect.minX..<rect.maxX).contains { coverage.value(x: $0, y: row) > 0 }
                }
              } ?? false
            if ink {
              inked += 1
              if !path.reaches(rect) { missed.append("path \(index) at \(rect)") }
            } else if path.reaches.contains(where: { !$0.intersection(rect).isEmpty }),
              !path.reaches(rect)
            {
              cleared += 1
            }
          }
        }
      }
    }
    #expect(missed.count == 0, "inked but not reached: \(missed.prefix(5))")
    #expect(inked > 500 && cleared > 500, "\(inked) inked, \(cleared) cleared")
  }

  /// Points that are not numbers, or lie absurdly far, and absurd tip sizes draw what they can
  /// without trapping: the window stops at the drawing's edge.
  @Test func hostileNumbersDrawWithinTheDrawing() throws {
    let strokes = [
      BrushStroke(points: [SIMD2(.nan, 0.5), SIMD2(0.5, .infinity)], size: 0.1),
      BrushStroke(points: [SIMD2(-1e308, 0.5), SIMD2(1e308, 0.5)], size: 0.1),
      BrushStroke(points: [SIMD2(0.5, 0.5)], size: .nan),
      BrushStroke(points: [SIMD2(0.5, 0.5), SIMD2(0.6, 0.5)], size: 1e300, hardness: 0.5),
    ]
    for stroke in strokes {
      let image = Image.brush([stroke], width: 40, height: 30)
      let bitmap = try Renderer().bitmap(of: image, format: .rgba8)
      #expect(bitmap.width <= 40 && bitmap.height <= 30)
    }
    // A soft tip on a line a billion pixels long each way, its distances in floats: the two
    // rows whose centres lie half a pixel from it are full, all across, and nothing else.
    let far = Image.brush(
      [BrushStroke(points: [SIMD2(-1e9, 0.5), SIMD2(1e9, 0.5)], size: 0.1, hardness: 0.5)],
      width: 40, height: 30)
    let drawn = try Renderer().bitmap(of: far, format: .rgba8)
    let alphas = drawn.withUnsafeBytes { bytes in
      stride(from: 3, to: bytes.count, by: 4).map { bytes[$0] }
    }
    #expect(drawn.width == 40)
    #expect(alphas.filter { $0 == 255 }.count == 80 && alphas.filter { $0 > 0 }.count == 80)
    #expect(LayerTransform(width: .nan, height: 1e300).pixelSize(shorterSide: 100) == (1, 16384))
  }
}
