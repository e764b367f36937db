import Foundation
import LumenCore
import LumenLayers
import LumenTestSupport
import Testing

/// Shapes against librsvg drawing the same geometry from SVG.
@Suite(
  .enabled(
    if: Tools.hasRsvg,
    "rsvg-convert or ImageMagick missing: apt-get install librsvg2-bin imagemagick"))
struct ShapeOracleTests {
  struct Case: CustomStringConvertible, Sendable {
    let name: String
    let style: ShapeStyle
    let transform: LayerTransform
    var description: String { name }
  }

  static let canvas = Rect(width: 320, height: 240)
  static let red = LayerColor(red: 0.8, green: 0.2, blue: 0.2)
  static let blue = LayerColor(red: 0.2, green: 0.4, blue: 1.0)
  static let glassGreen = LayerColor(red: 0.2, green: 0.8, blue: 0.4, alpha: 0.6)
  static let glassYellow = LayerColor(red: 1.0, green: 0.8, blue: 0.0, alpha: 0.4)
  static let box = LayerTransform(x: 0.45, y: 0.55, width: 0.8, height: 0.5)
  static let turned = LayerTransform(x: 0.5, y: 0.5, width: 0.7, height: 0.4, rotation: 30)
  static let flipped = LayerTransform(
    x: 0.52, y: 0.47, width: 0.6, height: 0.45, rotation: -20, flipsHorizontally: true,
    flipsVertically: true)

  static let cases: [Case] = ShapeKind.allCases.flatMap { kind -> [Case] in
    let width = 0.04
    return [
      Case(name: "\(kind) fill", style: ShapeStyle(kind: kind, fill: red), transform: box),
      Case(
        name: "\(kind) stroke",
        style: ShapeStyle(kind: kind, stroke: blue, strokeWidth: width), transform: box),
      Case(
        name: "\(kind) fill and stroke",
        style: ShapeStyle(kind: kind, fill: red, stroke: blue, strokeWidth: width),
        transform: box),
      Case(
        name: "\(kind) rotated 30",
        style: ShapeStyle(
          kind: kind, cornerRadius: 0.25, fill: blue, stroke: red, strokeWidth: 0.02),
        transform: turned),
      Case(
        name: "\(kind) flipped",
        style: ShapeStyle(kind: kind, fill: red, stroke: blue, strokeWidth: 0.03),
        transform: flipped),
      Case(
        name: "\(kind) translucent",
        style: ShapeStyle(
          kind: kind, cornerRadius: 0.3, fill: glassGreen, stroke: glassYellow, strokeWidth: 0.06),
        transform: turned),
      Case(
        name: "\(kind) thin stroke",
        style: ShapeStyle(kind: kind, stroke: red, strokeWidth: 0.002), transform: turned),
    ]
  }

  /// The same shape as SVG: a group moved to the box's centre, rotated and mirrored.
  static func svg(_ c: Case) -> String {
    let w = Double(canvas.width)
    let h = Double(canvas.height)
    let side = min(w, h)
    let t = c.transform
    let (bw, bh) = (t.width * side, t.height * side)
    func paint(_ color: LayerColor?) -> (String, Double) {
      guard let color else { return ("none", 1) }
      return (
        "rgb(\(color.red * 100)%,\(color.green * 100)%,\(color.blue * 100)%)", color.alpha
      )
    }
    let (fill, fillOpacity) = paint(c.style.fill)
    let (stroke, strokeOpacity) = paint(c.style.stroke)
    let paints =
      "fill=\"\(fill)\" fill-opacity=\"\(fillOpacity)\" stroke=\"\(stroke)\" "
      + "stroke-opacity=\"\(strokeOpacity)\" stroke-width=\"\(c.style.strokeWidth * side)\""
    let element: String
    switch c.style.kind {
    case .rectangle, .roundedRectangle:
      let r = c.style.kind == .roundedRectangle ? c.style.cornerRadius * min(bw, bh) : 0
      element =
        "<rect x=\"\(-bw / 2)\" y=\"\(-bh / 2)\" width=\"\(bw)\" height=\"\(bh)\" rx=\"\(r)\" ry=\"\(r)\" \(paints)/>"
    case .ellipse:
      element = "<ellipse cx=\"0\" cy=\"0\" rx=\"\(bw / 2)\" ry=\"\(bh / 2)\" \(paints)/>"
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(canvas.width)" height="\(canvas.height)">
      <g transform="translate(\(t.x * w) \(t.y * h)) rotate(\(t.rotation)) scale(\(t.flipsHorizontally ? -1 : 1) \(t.flipsVertically ? -1 : 1))">
      \(element)
      </g></svg>
      """
  }

  @Test(arguments: cases)
  func matchesLibrsvg(_ c: Case) throws {
    let dir = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = dir.appendingPathComponent("shape.svg")
    let png = dir.appendingPathComponent("shape.png")
    try Self.svg(c).write(to: svg, atomically: true, encoding: .utf8)
    try Program.output(of: Tools.rsvg, [svg.path, "-o", png.path])
    let reference = try Tools.rgba(
      of: png, width: Self.canvas.width, height: Self.canvas.height)
    let ours = try Renderer().bitmap(
      of: Image.shape(c.style, transform: c.transform, on: Self.canvas), rect: Self.canvas,
      format: .rgba8)
    let quality = premultipliedPSNR(ours, reference)
    print("PSNR vs librsvg, \(c.name): \(String(format: "%.2f", quality)) dB")
    #expect(quality >= 35, "\(c.name): PSNR \(quality) dB")
  }
}

extension ShapeOracleTests {
  /// The comparison can fail: the same shape turned the other way scores far below the bar.
  @Test func wrongGeometryScoresLow() throws {
    let c = Self.cases.first { $0.name == "ellipse rotated 30" }
    let right = try #require(c)
    var turnedBack = right.transform
    turnedBack.rotation = -30
    let wrong = Case(name: "wrong", style: right.style, transform: turnedBack)
    let dir = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = dir.appendingPathComponent("shape.svg")
    let png = dir.appendingPathComponent("shape.png")
    try Self.svg(wrong).write(to: svg, atomically: true, encoding: .utf8)
    try Program.output(of: Tools.rsvg, [svg.path, "-o", png.path])
    let reference = try Tools.rgba(of: png, width: Self.canvas.width, height: Self.canvas.height)
    let ours = try Renderer().bitmap(
      of: Image.shape(right.style, transform: right.transform, on: Self.canvas),
      rect: Self.canvas, format: .rgba8)
    let quality = premultipliedPSNR(ours, reference)
    #expect(quality < 25, "PSNR \(quality) dB")
  }
}
