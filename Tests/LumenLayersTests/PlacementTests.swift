import Foundation
import LumenCore
import LumenLayers
import LumenTestSupport
import Testing

/// Images placed on a canvas land where the layer's geometry says.
@Suite struct PlacementTests {
  /// A 40 x 20 picture in a 40 x 20 pixel box centred on (100, 100) of a 200 x 200 canvas, so
  /// quarter turns and flips move whole pixels.
  static let canvas = Rect(width: 200, height: 200)
  static let source = testPicture(width: 40, height: 20)

  func render(_ transform: LayerTransform, format: PixelFormat = .rgba8) throws -> Bitmap {
    try Renderer().bitmap(
      of: Image(bitmap: Self.source).placed(by: transform, on: Self.canvas), rect: Self.canvas,
      format: format)
  }

  @Test(arguments: [0.0, 90, 180, 270, -90, 450])
  func quarterTurnsAndFlipsMoveWholePixels(rotation: Double) throws {
    for (h, v) in [(false, false), (true, false), (false, true), (true, true)] {
      let transform = LayerTransform(
        x: 0.5, y: 0.5, width: 0.2, height: 0.1, rotation: rotation, flipsHorizontally: h,
        flipsVertically: v)
      let out = try render(transform)
      // Each source pixel centre relative to the box centre, mirrored, then turned clockwise
      // by `rotation` (y down) and moved to (100, 100).
      let turns = Int(((rotation / 90).rounded()).truncatingRemainder(dividingBy: 4) + 4) % 4
      var covered = 0
      for j in 0..<Self.source.height {
        for i in 0..<Self.source.width {
          var lx = Double(i) + 0.5 - 20
          var ly = Double(j) + 0.5 - 10
          if h { lx = -lx }
          if v { ly = -ly }
          for _ in 0..<turns { (lx, ly) = (-ly, lx) }
          let (x, y) = (Int((100 + lx).rounded(.down)), Int((100 + ly).rounded(.down)))
          #expect(
            out.sample(x: x, y: y) == Self.source.sample(x: i, y: j),
            "rotation \(rotation) flips \(h) \(v): source (\(i), \(j)) -> (\(x), \(y))")
          covered += 1
        }
      }
      // Nothing outside the box.
      let bounds =
        turns % 2 == 0
        ? Rect(x: 80, y: 90, width: 40, height: 20) : Rect(x: 90, y: 80, width: 20, height: 40)
      var stray = 0
      for y in 0..<out.height {
        for x in 0..<out.width where !bounds.contains(Rect(x: x, y: y, width: 1, height: 1)) {
          if out.sample(x: x, y: y)[3] != 0 { stray += 1 }
        }
      }
      #expect(covered == 800 && stray == 0, "rotation \(rotation): \(stray) pixels outside")
    }
  }

  @Test func unitSquareCornersLandOnTheBox() {
    let canvas = Rect(width: 400, height: 200)
    let map = LayerTransform(x: 0.25, y: 0.5, width: 0.5, height: 0.25).placement(on: canvas)
    // Box 100 x 50 pixels centred on (100, 100).
    #expect(map.apply(to: Point(x: 0, y: 0)) == Point(x: 50, y: 75))
    #expect(map.apply(to: Point(x: 1, y: 1)) == Point(x: 150, y: 125))
  }

  @Test func placementMapFollowsTheFormula() {
    let canvas = Rect(x: 10, y: 20, width: 300, height: 100)
    let t = LayerTransform(
      x: 0.4, y: 0.6, width: 0.8, height: 0.5, rotation: 30, flipsHorizontally: true)
    let map = t.placement(on: canvas)
    // Centre 10 + 0.4 * 300 = 130, 20 + 0.6 * 100 = 80; box 80 x 50 pixels.
    let (cx, cy, w, h) = (130.0, 80.0, 80.0, 50.0)
    let angle = 30 * Double.pi / 180
    for (u, v) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1), (0.5, 0.5), (0.25, 0.75)] {
      let lx = -(u - 0.5) * w  // mirrored horizontally
      let ly = (v - 0.5) * h
      let expected = Point(
        x: cx + lx * cos(angle) - ly * sin(angle), y: cy + lx * sin(angle) + ly * cos(angle))
      let p = map.apply(to: Point(x: u, y: v))
      #expect(abs(p.x - expected.x) < 1e-9 && abs(p.y - expected.y) < 1e-9, "(\(u), \(v)): \(p)")
    }
  }

  @Test func centreAndCornersOfARotatedPlacement() throws {
    // An opaque uniform picture turned 30 degrees: opaque at the centre and just inside the
    // corners, transparent just outside them.
    let white = Bitmap(width: 64, height: 32, format: .rgb8) {
      $0.initializeMemory(as: UInt8.self, repeating: 255)
    }
    let t = LayerTransform(x: 0.5, y: 0.5, width: 0.5, height: 0.25, rotation: 30)
    let out = try Renderer().bitmap(
      of: Image(bitmap: white).placed(by: t, on: Self.canvas), rect: Self.canvas, format: .rgba8)
    let map = t.placement(on: Self.canvas)
    func alpha(_ p: Point) -> Float { out.sample(x: Int(p.x), y: Int(p.y))[3] }
    #expect(alpha(map.apply(to: Point(x: 0.5, y: 0.5))) == 1)
    for (u, v) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1)] {
      let inside = map.apply(to: Point(x: 0.5 + (u - 0.5) * 0.9, y: 0.5 + (v - 0.5) * 0.9))
      let outside = map.apply(to: Point(x: 0.5 + (u - 0.5) * 1.1, y: 0.5 + (v - 0.5) * 1.1))
      #expect(alpha(inside) == 1, "inside corner (\(u), \(v))")
      #expect(alpha(outside) == 0, "outside corner (\(u), \(v))")
    }
  }

  /// Transforms without a drawable box draw nothing: an empty extent, transparent wherever
  /// rendered.
  @Test func degenerateTransformsDrawNothing() throws {
    for t in [
      LayerTransform(width: 0), LayerTransform(height: -1), LayerTransform(x: .nan),
      LayerTransform(rotation: .infinity), LayerTransform(width: 1e308, height: 1e308),
    ] {
      let image = Image(bitmap: Self.source).placed(by: t, on: Self.canvas)
      #expect(image.extent.isEmpty)
      let out = try Renderer().bitmap(of: image, rect: Self.canvas, format: .rgba8)
      #expect(bytes(out).allSatisfy { $0 == 0 })
      let shape = Image.shape(
        ShapeStyle(kind: .ellipse, fill: LayerColor(red: 1, green: 1, blue: 1)), transform: t,
        on: Self.canvas)
      #expect(shape.extent.isEmpty)
      #expect(
        bytes(try Renderer().bitmap(of: shape, rect: Self.canvas, format: .rgba8)).allSatisfy {
          $0 == 0
        })
    }
    let hugeStroke = Image.shape(
      ShapeStyle(
        kind: .rectangle, stroke: LayerColor(red: 1, green: 1, blue: 1), strokeWidth: 1e308),
      transform: LayerTransform(), on: Self.canvas)
    #expect(
      bytes(try Renderer().bitmap(of: hugeStroke, rect: Self.canvas, format: .rgba8)).allSatisfy {
        $0 == 0
      })
  }
}

/// Placement against ImageMagick's `-distort AffineProjection` of the same map (in linear
/// light, transparent outside the picture).
@Suite(.enabled(if: Tools.hasConvert, "ImageMagick's convert missing"))
struct PlacementOracleTests {
  static let canvas = Rect(width: 240, height: 180)

  struct Case: CustomStringConvertible, Sendable {
    let name: String
    let width, height: Int
    let transform: LayerTransform
    /// ImageMagick's resampling: point filter with bilinear interpolation when enlarging, its
    /// default EWA filter when reducing.
    let reduces: Bool
    let minimum: Double
    var description: String { name }
  }

  static let cases = [
    Case(
      name: "enlarged, rotated 30", width: 48, height: 32,
      transform: LayerTransform(x: 0.5, y: 0.5, width: 0.7, height: 0.45, rotation: 30),
      reduces: false, minimum: 35),
    Case(
      name: "enlarged, flipped, rotated -65", width: 48, height: 32,
      transform: LayerTransform(
        x: 0.45, y: 0.55, width: 0.6, height: 0.5, rotation: -65, flipsHorizontally: true),
      reduces: false, minimum: 35),
    Case(
      name: "reduced 4x, rotated 20", width: 480, height: 320,
      transform: LayerTransform(x: 0.5, y: 0.5, width: 0.667, height: 0.444, rotation: 20),
      reduces: true, minimum: 35),
  ]

  @Test(arguments: cases)
  func matchesImageMagickDistort(_ c: Case) throws {
    let dir = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let picture = testPicture(width: c.width, height: c.height, smooth: true)
    let raw = dir.appendingPathComponent("in.rgba")
    try Tools.writeRaw(picture, to: raw)
    let map = AffineTransform(scaleX: 1 / Double(c.width), y: 1 / Double(c.height))
      .concatenating(c.transform.placement(on: Self.canvas))
    let png = dir.appendingPathComponent("out.png")
    let filter = c.reduces ? [] : ["-filter", "point", "-interpolate", "bilinear"]
    try Program.output(
      of:
        Tools.convert ?? "convert",
      ["-size", "\(c.width)x\(c.height)", "-depth", "8", "rgba:\(raw.path)", "-colorspace", "RGB"]
        + filter + [
          "-virtual-pixel", "transparent",
          "-define", "distort:viewport=\(Self.canvas.width)x\(Self.canvas.height)+0+0",
          "-distort", "AffineProjection",
          "\(map.a),\(map.b),\(map.c),\(map.d),\(map.tx),\(map.ty)",
          "-colorspace", "sRGB", png.path,
        ])
    let reference = try Tools.rgba(of: png, width: Self.canvas.width, height: Self.canvas.height)
    let ours = try Renderer().bitmap(
      of: Image(bitmap: picture).placed(by: c.transform, on: Self.canvas), rect: Self.canvas,
      format: .rgba8)
    let quality = premultipliedPSNR(ours, reference)
    print("PSNR vs ImageMagick -distort, \(c.name): \(String(format: "%.2f", quality)) dB")
    #expect(quality >= c.minimum, "\(c.name): PSNR \(quality) dB")
  }
}
