import LumenCore
import Testing

@testable import LumenLayers

/// A blend computes its foreground only over the foreground's extent, and skips the parts a
/// drawing says it leaves clear (a frame's middle, the tiles a brush misses). Checked against
/// the same blends made to work on every pixel: the bytes are the same.
@Suite struct SparseBlendTests {
  /// ``BlendModeKernel`` without the claim that a clear pixel keeps the background, so the
  /// renderer blends every pixel.
  struct EveryPixel: BlendKernel {
    let inner: BlendModeKernel
    var transfer: Transfer { inner.transfer }
    func blend(_ foreground: PixelSpan, into background: PixelSpan) {
      inner.blend(foreground, into: background)
    }
  }

  static let canvas = Rect(width: 700, height: 460)

  /// Layers that reach only parts of the canvas: strokes far apart, a shape, two frame bands
  /// laid over each other, a turned picture.
  static func layers() -> [Image] {
    let strokes = Image.brush(
      [
        BrushStroke(points: [SIMD2(0.05, 0.1), SIMD2(0.3, 0.15), SIMD2(0.45, 0.1)], size: 0.03),
        BrushStroke(
          points: [SIMD2(0.6, 0.85), SIMD2(0.95, 0.9)], size: 0.05, hardness: 0.4,
          color: LayerColor(red: 0.2, green: 0.9, blue: 0.3, alpha: 0.8)),
      ], smoothing: 0.5, width: canvas.width, height: canvas.height)
    let shape = Image.shape(
      ShapeStyle(
        kind: .roundedRectangle, cornerRadius: 0.2,
        fill: LayerColor(red: 0, green: 0, blue: 0, alpha: 0.3),
        stroke: LayerColor(red: 1, green: 0.5, blue: 0), strokeWidth: 0.01),
      transform: LayerTransform(x: 0.4, y: 0.5, width: 0.5, height: 0.4, rotation: 7),
      on: canvas)
    let band = Image(bitmap: testPicture(width: 700, height: 30))
    let bands = band.translatedBy(dx: 0, dy: 430).composited(
      over: band, using: BlendModeKernel(mode: .normal))
    let picture = Image(bitmap: testPicture(width: 120, height: 90, smooth: true)).placed(
      by: LayerTransform(x: 0.8, y: 0.3, width: 0.2, height: 0.2, rotation: 20), on: canvas)
    return [strokes, shape, bands, picture]
  }

  @Test(arguments: [BlendMode.normal, .multiply, .hue])
  func sparseBlendsEqualBlendsOfEveryPixel(mode: BlendMode) throws {
    let background = Image(
      bitmap: testPicture(width: Self.canvas.width, height: Self.canvas.height))
    var sparse = background
    var full = background
    for (index, layer) in Self.layers().enumerated() {
      let kernel = BlendModeKernel(mode: mode, opacity: index % 2 == 0 ? 1 : 0.6)
      sparse = layer.composited(over: sparse, using: kernel).cropped(to: Self.canvas)
      full = layer.composited(over: full, using: EveryPixel(inner: kernel)).cropped(
        to: Self.canvas)
    }
    let a = try Renderer().bitmap(of: sparse, format: .rgba8)
    let b = try Renderer().bitmap(of: full, format: .rgba8)
    #expect(bytes(a) == bytes(b))
    // The layers changed the picture: the comparison means something.
    let plain = try Renderer().bitmap(of: background, format: .rgba8)
    #expect(bytes(a) != bytes(plain))
  }

  /// Layers blended normally at full opacity draw themselves straight over the picture
  /// (``Plan/draw(over:in:pool:)``) instead of into a tile of their own that is then blended:
  /// the same bytes for one shape, one moved sticker and a brush with an eraser (which falls
  /// back to its own tile), and within a level where strokes or bands overlap (source-over is
  /// associative, its float sums are not).
  @Test func drawingOverThePictureEqualsBlendingATile() throws {
    let canvas = Self.canvas
    let background = Image(bitmap: testPicture(width: canvas.width, height: canvas.height))
    let crossing = [
      BrushStroke(points: [SIMD2(0.05, 0.2), SIMD2(0.9, 0.6)], size: 0.06, opacity: 0.7),
      BrushStroke(
        points: [SIMD2(0.1, 0.7), SIMD2(0.8, 0.1)], size: 0.04, hardness: 0.3,
        color: LayerColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.6)),
    ]
    let erased = crossing + [BrushStroke(points: [SIMD2(0, 0.4), SIMD2(1, 0.4)], erases: true)]
    let brush = { (strokes: [BrushStroke]) in
      Image.brush(strokes, width: canvas.width, height: canvas.height)
    }
    let sticker = Image(bitmap: testPicture(width: 150, height: 110, smooth: true))
      .translatedBy(dx: 500, dy: 300).cropped(to: canvas)
    let band = Image(bitmap: testPicture(width: 700, height: 60))
    let bands = band.translatedBy(dx: 0, dy: 40).composited(
      over: band, using: BlendModeKernel(mode: .normal))
    let shape = Self.layers()[1]
    let cases: [(String, Image, Int)] = [
      ("shape", shape, 0), ("sticker", sticker, 0), ("brush with an eraser", brush(erased), 0),
      ("crossing strokes", brush(crossing), 1), ("overlapping bands", bands, 1),
    ]
    let plain = try Renderer().bitmap(of: background, format: .rgba8)
    for (name, layer, tolerance) in cases {
      let kernel = BlendModeKernel(mode: .normal)
      let drawn = try Renderer().bitmap(
        of: layer.composited(over: background, using: kernel).cropped(to: canvas),
        format: .rgba8)
      let blended = try Renderer().bitmap(
        of: layer.composited(over: background, using: EveryPixel(inner: kernel)).cropped(
          to: canvas), format: .rgba8)
      let differences = zip(bytes(drawn), bytes(blended)).map { abs(Int($0) - Int($1)) }
      #expect(differences.max() ?? 0 <= tolerance, "\(name)")
      // The layer changed the picture: the comparison means something.
      #expect(bytes(drawn) != bytes(plain), "\(name)")
    }
  }

  /// A brush says which parts it leaves clear: nothing is drawn where it says so.
  @Test func aBrushIsClearWhereItSaysSo() throws {
    let path = try #require(
      BrushPath(
        points: [SIMD2(30, 40), SIMD2(300, 90), SIMD2(420, 60), SIMD2(650, 400)], radius: 9,
        hardness: 1, width: Self.canvas.width, height: Self.canvas.height))
    let kernel = BrushKernel(
      paints: [.init(path: path, colour: SIMD4(1, 1, 1, 1), strength: 1, erases: false)],
      bounds: path.bounds, bands: BrushBands())
    let drawn = try Renderer().bitmap(
      of: Image(generator: kernel), rect: Self.canvas, format: .rgba8)
    var clearTiles = 0
    var strays = 0
    for y in stride(from: 0, to: Self.canvas.height, by: 32) {
      for x in stride(from: 0, to: Self.canvas.width, by: 64) {
        let tile = Rect(x: x, y: y, width: 64, height: 32).intersection(Self.canvas)
        guard kernel.isClear(in: tile) else { continue }
        clearTiles += 1
        for py in tile.minY..<tile.maxY {
          for px in tile.minX..<tile.maxX where drawn.sample(x: px, y: py)[3] != 0 { strays += 1 }
        }
      }
    }
    #expect(strays == 0)
    // About half the tiles are clear, and the stroke is there: the check means something.
    #expect(clearTiles > 60)
    #expect(bytes(drawn).contains { $0 != 0 })
  }
}
