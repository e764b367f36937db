import Foundation
import LumenSymbols
import LumenTestSupport
import Testing

/// Path data, shapes and transforms read as SVG defines them; malformed and forged files
/// refused with one line; the corpus checked against fontTools and svgpathtools.
@Suite struct PathDataTests {
  @Test func everyCommandAbsoluteAndRelative() throws {
    let absolute = try PathData.contours("M10 10 H20 V20 L10 20 Z")
    let relative = try PathData.contours("m10,10 h10 v10 l-10 0 z")
    #expect(absolute == relative)
    #expect(absolute[0].nodes == [.init(10, 10), .init(20, 10), .init(20, 20), .init(10, 20)])
    #expect(absolute[0].structure == "LLL" && absolute[0].isClosed)
    // A square drawn clockwise on screen (y down) has a positive area.
    #expect(abs(absolute[0].signedArea - 100) < 1e-9)
    // S reflects the last handle; T the last quadratic control; Q is raised to a cubic.
    let smooth = try PathData.contours("M0 0 C0 10 10 10 10 0 S20 -10 20 0")
    guard case .curve(let c1, _, _) = smooth[0].segments[1] else {
      Issue.record("expected a curve")
      return
    }
    #expect(c1 == PathPoint(10, -10))
    let quadratic = try PathData.contours("M0 0 Q5 10 10 0 T20 0")
    guard case .curve(let q1, let q2, let end) = quadratic[0].segments[0],
      case .curve(let t1, _, _) = quadratic[0].segments[1]
    else {
      Issue.record("expected curves")
      return
    }
    #expect(abs(q1.y - 20.0 / 3) < 1e-9 && abs(q2.y - 20.0 / 3) < 1e-9 && end == PathPoint(10, 0))
    #expect(abs(t1.y + 20.0 / 3) < 1e-9)
    // Numbers touching: signs, points and exponents separate them.
    let packed = try PathData.contours("M.5.5L-1e1-2.5e0")
    #expect(packed[0].nodes == [.init(0.5, 0.5), .init(-10, -2.5)])
  }

  /// A half circle by an arc ends where it should, with its points on the circle.
  @Test func arcsBecomeCubicsOnTheEllipse() throws {
    let arc = try PathData.contours("M0 10 A10 10 0 0 1 20 10")[0]
    #expect(arc.segments.count == 2)
    #expect(arc.segments.last?.end == PathPoint(20, 10))
    let middle = arc.segments[0].end
    #expect(abs(middle.distance(to: PathPoint(10, 10)) - 10) < 1e-9)
    #expect(abs(middle.y) < 1e-9)  // sweep 1 from the left goes up first (y down)
    // Radii too small are scaled up; flags may touch the numbers after them.
    let scaled = try PathData.contours("M0 0a1 1 0 0120 0")[0]
    #expect(scaled.segments.last.map { $0.end.distance(to: PathPoint(20, 0)) < 1e-9 } == true)
  }

  @Test(arguments: [
    ("M0 0 L", "expected a number"), ("L0 0", "must start with a move"),
    ("M0 0 X1 1", "expected a number"),
    ("M1e400 0", "out of range"), ("M1e8 0", "out of range"), ("M0 0 A1 1 0 2 1 5 5", "arc flag"),
  ])
  func malformedPathDataIsRefused(text: String, message: String) {
    #expect(throws: SymbolError.self) { try PathData.contours(text) }
    do {
      _ = try PathData.contours(text)
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test func forgedFilesAreRefusedWithOneLine() throws {
    let folder = try Scratch.directory()
    func write(_ name: String, _ text: String) throws -> URL {
      let url = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url
    }
    let manyNodes =
      "<svg><path d=\"M0 0" + String(repeating: " L1 1", count: 200_000) + "\"/></svg>"
    let deep =
      "<svg>" + String(repeating: "<g>", count: 200) + String(repeating: "</g>", count: 200)
      + "</svg>"
    let cases = [
      try write("unbalanced.svg", "<svg><g><path d=\"M0 0 L1 1\"/></svg>"),
      try write("absurd.svg", "<svg><path d=\"M0 0 L1e300 1\"/></svg>"),
      try write("many.svg", manyNodes), try write("deep.svg", deep),
      try write("notsvg.svg", "<html/>"),
      try write(
        "scaled.svg",
        "<svg>" + String(repeating: "<g transform=\"scale(1e7)\">", count: 4)
          + "<path d=\"M0 0 L1e7 1\"/>" + String(repeating: "</g>", count: 4) + "</svg>"),
      try write("transform.svg", "<svg><path transform=\"spin(3)\" d=\"M0 0 L1 1\"/></svg>"),
    ]
    for file in cases {
      do {
        _ = try Master.read([file, file, file])
        Issue.record("accepted \(file.lastPathComponent)")
        continue
      } catch {
        #expect(!"\(error)".contains("\n"))
        #expect("\(error)".hasPrefix(file.path), "\(error)")
      }
    }
    #expect(mkfifo(folder.appendingPathComponent("fifo.svg").path, 0o600) == 0)
    #expect(throws: SymbolError.self) {
      try Master.read([folder.appendingPathComponent("fifo.svg")])
    }
  }

  /// The inputs the fuzzer once crashed on (fuzz/regressions/symbols) are refused with a line.
  @Test func fuzzRegressionsAreRefused() throws {
    let folder = PackagePaths.root.appendingPathComponent("fuzz/regressions/symbols")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.isEmpty)
    for name in names {
      let file = folder.appendingPathComponent(name)
      #expect(throws: SymbolError.self) { try Master.read([file]) }
    }
  }

  /// Paint is inherited from groups, attributes or style declarations (which win), as SVG
  /// does; the viewBox maps onto the width and height.
  @Test func paintAndViewBoxAreRead() throws {
    let file = try Scratch.directory().appendingPathComponent("paint.svg")
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="64" height="32" viewBox="0 0 32 16">
        <g fill-rule="evenodd" stroke-width="3">
          <path fill="black" d="M1 1 h14 v14 h-14 z M4 4 h8 v8 h-8 z"/>
          <path style="fill: none; stroke: black; stroke-linecap: round" stroke="none" d="M20 8 H30"/>
        </g>
      </svg>
      """.utf8
    ).write(to: file)
    let drawing = try SVGDrawing(contentsOf: file)
    #expect(drawing.width == 64 && drawing.height == 32)
    #expect(drawing.shapes[0].fill == .evenodd && drawing.shapes[0].stroke == nil)
    #expect(drawing.shapes[1].fill == nil)
    #expect(drawing.shapes[1].stroke == StrokeStyle(width: 6, cap: .round))
    // In pixels: the viewBox doubles everything.
    #expect(drawing.shapes[0].contours[0].start == PathPoint(2, 2))
    let canvas = try SymbolCanvas(rendering: drawing, scale: 1)
    let painted = stride(from: 3, to: canvas.pixels.count, by: 4).reduce(0.0) {
      $0 + Double(canvas.pixels[$1]) / 255
    }
    // The ring (28² - 16²) and the stroked line: 20 x 6 and two half circles of radius 3.
    #expect(abs(painted - (528 + 120 + 9 * Double.pi)) < 1.5, "\(painted)")
  }

  @Test func shapesAndTransformsAreRead() throws {
    let folder = try Scratch.directory()
    let file = folder.appendingPathComponent("shapes.svg")
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg">
        <g transform="translate(10 0) scale(2)">
          <rect x="0" y="0" width="4" height="2"/>
          <rect x="0" y="0" width="10" height="10" rx="2"/>
          <circle cx="5" cy="5" r="1"/>
          <polygon points="0,0 1,0 1,1"/>
          <line x1="0" y1="0" x2="3" y2="4"/>
        </g>
      </svg>
      """.utf8
    ).write(to: file)
    let master = try Master.read([file, file, file])[0]
    #expect(master.contours.count == 5)
    #expect(master.contours[0].nodes.first == PathPoint(10, 0))
    #expect(abs(master.contours[0].signedArea - 32) < 1e-9)
    // A rounded rectangle: 4 sides and 4 quarter arcs, from (x + rx, y) clockwise.
    #expect(master.contours[1].structure == "LCLCLCLC")
    #expect(master.contours[1].start == PathPoint(14, 0))
    #expect(master.contours[2].isClockwise && master.contours[2].nodes.count == 4)
    #expect(!master.contours[4].isClosed && master.contours[4].nodes.last == PathPoint(16, 8))
  }
}

/// `lumen symbols check` against fontTools' interpolatable (every triplet's verdict) and
/// svgpathtools (every path's area and direction) over the corpus (scripts/symbols/make-corpus.py);
/// `lumen symbols fix`'s outputs against fontTools and check; `lumen symbols interpolate` against
/// the linear mix of the masters' points computed in Python.
@Suite(.tags(.oracle)) struct SymbolsOracleTests {
  @Test(.requires(.python))
  func theCorpusAgreesWithFontToolsAndSvgpathtools() throws {
    let corpus = PackagePaths.root.appendingPathComponent("Tests/LumenSymbolsTests/corpus")
    let report = try OracleReport(
      running: "symbols_oracles.py",
      [PackagePaths.builtProduct("lumen").path, corpus.path, Scratch.directory().path])
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(
      report.checks.contains("42 fixed triplets interpolate for fontTools and check, 12 refused"))
    #expect(
      report.checks.contains("54 of 54 triplets: the same verdict as fontTools"), "\(report.checks)"
    )
    print("symbols:", report.numbers)
  }
}

/// `lumen symbols render` against rsvg-convert (the corpus' masters and the designs, by PSNR of
/// their coverage); `generate` against fontTools and check, and its outlines against librsvg's
/// strokes of the same centre lines; `export` rendered by rsvg-convert and read back;
/// `preview` opened by Pillow (scripts/oracles/symbols_render_oracles.py).
@Suite(.tags(.oracle)) struct SymbolsDrawingOracleTests {
  @Test(.requires(.python, .rsvgConvert))
  func drawingsAgreeWithLibrsvgAndFontTools() throws {
    let tests = PackagePaths.root.appendingPathComponent("Tests/LumenSymbolsTests")
    let report = try OracleReport(
      running: "symbols_render_oracles.py",
      [
        PackagePaths.builtProduct("lumen").path, tests.appendingPathComponent("corpus").path,
        tests.appendingPathComponent("designs").path, Scratch.directory().path,
      ])
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.checks.contains("177 of 177 renders equal rsvg-convert's (alpha PSNR >= 40 dB)"))
    #expect(
      report.checks.contains(
        "15 of 15 generated templates pass check and fontTools, every subpath outlined"))
    #expect(
      report.checks.contains(
        "45 of 45 generated outlines equal librsvg's strokes (alpha PSNR >= 40 dB)"),
      "\(report.checks)")
    print("symbols drawing:", report.numbers)
  }
}
