import Foundation
import LumenSymbols
import Testing

/// The stroke outliner against geometry worked out by hand (areas of stroked lines, caps,
/// joins and rings), and its promise: one centre line outlined at several widths has the same
/// structure every time.
@Suite struct StrokeOutlinerTests {
  func path(_ d: String) throws -> Contour { try PathData.contours(d)[0] }

  /// Total signed area (holes count against) of an outline.
  func area(_ contours: [Contour]) -> Double { contours.reduce(0) { $0 + $1.signedArea } }

  @Test func capsAddWhatTheyShould() throws {
    let line = try path("M0 0 L10 0")
    let w = 2.0
    let butt = StrokeOutliner.outline(line, style: StrokeStyle(width: w, cap: .butt))
    let square = StrokeOutliner.outline(line, style: StrokeStyle(width: w, cap: .square))
    let round = StrokeOutliner.outline(line, style: StrokeStyle(width: w, cap: .round))
    #expect(butt.count == 1 && abs(area(butt) - 20) < 1e-9)
    #expect(abs(area(square) - 24) < 1e-9)
    // Two half circles of radius 1: π, to the cubic circle's 0.03% or so.
    #expect(abs(area(round) - (20 + Double.pi)) < 2e-3)
    // All clockwise (positive area on screen) and closed.
    #expect([butt, square, round].allSatisfy { $0[0].isClosed && $0[0].isClockwise })
  }

  @Test func joinsFollowTheStyle() throws {
    // A right angle: two runs of 10, stroked 2 wide.
    let corner = try path("M0 0 L10 0 L10 10")
    func stroked(_ join: StrokeStyle.Join, limit: Double = 4) -> Double {
      area(
        StrokeOutliner.outline(
          corner, style: StrokeStyle(width: 2, join: join, miterLimit: limit)))
    }
    // Inner sides meet at (9, 1): the L-shape of two 10 x 2 bars less their 1 x 1 overlap,
    // plus the outer join: a 1 x 1 square (miter), half of it (bevel), a quarter circle.
    #expect(abs(stroked(.miter) - 40) < 1e-9)
    #expect(abs(stroked(.bevel) - 39.5) < 1e-9)
    #expect(abs(stroked(.round) - (39 + Double.pi / 4)) < 1e-3)
    // A miter longer than its limit (√2 here) is a bevel.
    #expect(abs(stroked(.miter, limit: 1.2) - 39.5) < 1e-9)
  }

  @Test func aClosedPathIsARing() throws {
    let square = try path("M0 0 H10 V10 H0 Z")
    let ring = StrokeOutliner.outline(square, style: StrokeStyle(width: 2))
    #expect(ring.count == 2)
    #expect(ring[0].isClockwise && !ring[1].isClockwise)
    #expect(abs(area(ring) - (144 - 64)) < 1e-9)
    // Drawn the other way round, the same ring.
    let reversed = StrokeOutliner.outline(square.reversed(), style: StrokeStyle(width: 2))
    #expect(abs(area(reversed) - 80) < 1e-9 && reversed[0].isClockwise)
    // A circle's ring: π (R² - r²) to the cubics' accuracy.
    let circle = try path("M15 10 A5 5 0 0 1 5 10 A5 5 0 0 1 15 10 Z")
    let annulus = area(StrokeOutliner.outline(circle, style: StrokeStyle(width: 2)))
    #expect(abs(annulus - Double.pi * (36 - 16)) < 0.05)
  }

  @Test func roundedCornersTakeTheirRadius() throws {
    // A square of side 20 with corners rounded at 4, stroked 2: the outside is a rounded
    // square of radius 5, the inside of radius 3 (areas s² - (4 - π) r²).
    let square = try path("M0 0 H20 V20 H0 Z")
    let ring = StrokeOutliner.outline(square, style: StrokeStyle(width: 2), cornerRadius: 4)
    let outside = 22.0 * 22 - (4 - Double.pi) * 25
    let inside = 18.0 * 18 - (4 - Double.pi) * 9
    #expect(abs(ring[0].signedArea - outside) < 0.05)
    #expect(abs(-ring[1].signedArea - inside) < 0.05)
    // A radius the sides cannot hold shrinks to what they can: half of each side.
    let tight = StrokeOutliner.outline(
      try path("M0 0 H4 V4 H0 Z"), style: StrokeStyle(width: 1), cornerRadius: 10)
    #expect(tight.count == 2 && tight.allSatisfy { $0.points.allSatisfy(\.isFinite) })
  }

  /// One centre line at the designers' three widths: the same paths, nodes, segment types
  /// and directions, so the three outlines interpolate.
  @Test func everyWidthHasTheSameStructure() throws {
    let designs = [
      "M4 16 L14 26 L28 6", "M4 4 H28 V28 H4 Z", "M6 20 C6 8 26 8 26 20 S16 30 6 20",
      "M4 28 L16 4 L28 28 Z", "M2 16 L8 8 L14 24 L20 8 L26 24 L30 16",
      "M16 4 A12 12 0 1 1 15.99 4", "M4 16 L28 16 L4 16.5",
    ]
    for design in designs {
      let line = try path(design)
      for cap in StrokeStyle.Cap.allCases {
        for join in StrokeStyle.Join.allCases {
          let outlines = zip([0.8, 2.45, 4.95], [2.5, 3, 3.5]).map { width, radius in
            StrokeOutliner.outline(
              line, style: StrokeStyle(width: width, cap: cap, join: join), cornerRadius: radius,
              planWidth: 4.95)
          }
          let masters = outlines.enumerated().map { index, contours in
            Master(weight: Master.Weight.allCases[index], file: design, contours: contours)
          }
          let check = Compatibility(masters: masters)
          #expect(
            check.isInterpolatable, "\(design) \(cap) \(join): \(check.problems.map(\.message))")
        }
      }
    }
  }

  @Test func aPathOfNoLengthHasNoOutline() throws {
    #expect(StrokeOutliner.outline(try path("M5 5 L5 5"), style: StrokeStyle(width: 2)).isEmpty)
    #expect(StrokeOutliner.outline(try path("M0 0 L9 0"), style: StrokeStyle(width: 0)).isEmpty)
  }
}

/// The rasteriser's coverage against exact areas: what a canvas paints sums to the shape's
/// area in pixels, edges at fractions of pixels included.
@Suite struct SymbolCanvasTests {
  func paintedArea(_ d: String, rule: FillRule = .nonzero, scale: Double = 1) throws -> Double {
    var canvas = try SymbolCanvas(width: 64, height: 64)
    try canvas.fill(
      try PathData.contours(d), rule: rule, color: [0, 0, 0, 255],
      transform: PathTransform(a: scale, d: scale))
    return stride(from: 3, to: canvas.pixels.count, by: 4).reduce(0.0) {
      $0 + Double(canvas.pixels[$1]) / 255
    }
  }

  @Test func coverageIsTheArea() throws {
    // Fractional edges: 10.3 x 7.6 and a triangle of 0.5 * 20.2 * 13.7.
    #expect(abs(try paintedArea("M1.25 2.5 h10.3 v7.6 h-10.3 z") - 78.28) < 0.3)
    #expect(abs(try paintedArea("M3.3 4.1 L23.5 4.1 L9.7 17.8 Z") - 138.37) < 0.3)
    // A circle of radius 20: 400π.
    #expect(
      abs(try paintedArea("M52 30 A20 20 0 1 1 12 30 A20 20 0 1 1 52 30 Z") - 400 * Double.pi) < 1.5
    )
    // Outside the picture counts for nothing; a scale maps units to pixels.
    #expect(abs(try paintedArea("M-10 -10 h20 v20 h-20 z") - 100) < 0.3)
    #expect(abs(try paintedArea("M1 1 h10 v10 h-10 z", scale: 2) - 400) < 0.3)
  }

  @Test func fillRulesDecideHoles() throws {
    // Two squares the same way round: nonzero fills the inner one, evenodd leaves it empty.
    let nested = "M2 2 h40 v40 h-40 z M12 12 h20 v20 h-20 z"
    #expect(abs(try paintedArea(nested) - 1600) < 0.5)
    #expect(abs(try paintedArea(nested, rule: .evenodd) - 1200) < 0.5)
    // Drawn the other way round, the inner square is a hole for both.
    let holed = "M2 2 h40 v40 h-40 z M12 12 v20 h20 v-20 z"
    #expect(abs(try paintedArea(holed) - 1200) < 0.5)
  }

  @Test func absurdPicturesAreRefused() throws {
    #expect(throws: SymbolError.self) { try SymbolCanvas(width: 100_000, height: 10) }
    #expect(throws: SymbolError.self) { try SymbolCanvas(width: 0, height: 10) }
    #expect(throws: SymbolError.self) { try SymbolCanvas(width: 16_000, height: 16_000) }
  }
}

/// A preview's cells at scales a caller might pass: a side that is not a number or past the
/// canvas limit is one more than the limit (the canvas refuses it), never a trap. A preview of
/// one master shows it alone (weights between need all three).
@Suite struct PreviewSheetSizeTests {
  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
  func cellsOfAbsurdScalesAreRefusableSizes(scale: Double) {
    let sheet = PreviewSheet(
      masters: [Master(weight: .regular, file: "x.svg", contours: [])], scale: scale)
    let refused = SymbolLimits.renderSide + 1
    let size = sheet.cellSize
    #expect(size.width == refused || size.width <= 0, "\(size)")
    #expect(size.height == refused || size.height <= 0, "\(size)")
  }

  @Test func cellsOfAPlainScaleAreItsUnits() {
    let sheet = PreviewSheet(
      masters: [Master(weight: .regular, file: "x.svg", contours: [])], scale: 4)
    // The artboard (32 units) and the padding on both sides (4 units each), four pixels a unit.
    #expect(sheet.cellSize.width == 160 && sheet.cellSize.height == 160)
  }
}

/// Two masters, or four, do not interpolate: the check says so (it said nothing, and a preview
/// of two indexed a third), interpolating refuses, and fixing leaves it as the one problem.
@Suite struct MasterCountTests {
  @Test(arguments: [1, 2, 4])
  func anythingButThreeMastersIsAProblem(count: Int) {
    let masters = (0..<count).map { _ in Master(weight: .regular, file: "x.svg", contours: []) }
    let problems = Compatibility(masters: masters).problems
    #expect(problems.map(\.kind) == [.masterCount])
    #expect(throws: SymbolError.self) { try Interpolation.master(at: 0.5, of: masters) }
    #expect(Fixer(masters: masters).unfixable.map(\.kind) == [.masterCount])
    #expect(PreviewSheet(masters: masters, scale: 4).columns.count == min(count, 3))
  }
}
