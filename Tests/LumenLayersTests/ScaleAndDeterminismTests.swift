import LumenCore
import LumenLayers
import Testing

/// Layers are described relative to the canvas, so a preview and a full-size render agree, and
/// rendering does not depend on how the work is split between threads.
@Suite struct ScaleAndDeterminismTests {
  static let big = Rect(width: 1200, height: 800)
  static let small = Rect(width: 300, height: 200)
  static let sticker = testPicture(width: 500, height: 400, smooth: true)

  static func scene(on canvas: Rect) -> Image {
    let transform = LayerTransform(x: 0.55, y: 0.45, width: 0.7, height: 0.5, rotation: 25)
    let picture = Image(bitmap: sticker).placed(
      by: LayerTransform(
        x: 0.3, y: 0.6, width: 0.6, height: 0.45, rotation: -12, flipsHorizontally: true),
      on: canvas)
    let shape = Image.shape(
      ShapeStyle(
        kind: .roundedRectangle, cornerRadius: 0.3,
        fill: LayerColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7),
        stroke: LayerColor(red: 0.1, green: 0.2, blue: 0.9), strokeWidth: 0.02),
      transform: transform, on: canvas)
    let ring = Image.shape(
      ShapeStyle(kind: .ellipse, stroke: LayerColor(red: 1, green: 1, blue: 1), strokeWidth: 0.01),
      transform: LayerTransform(x: 0.7, y: 0.3, width: 0.3, height: 0.2, rotation: 40),
      on: canvas)
    return ring.composited(over: shape.composited(over: picture.composited(over: clear(canvas))))
  }

  /// A transparent `canvas`: layers reach only their own pixels, so each is laid over it to
  /// render the whole canvas.
  static func clear(_ canvas: Rect) -> Image { Image(color: .clear).cropped(to: canvas) }

  static func layers(on canvas: Rect) -> [(String, Image)] {
    let layers: [(String, Image)] = [
      (
        "ellipse",
        Image.shape(
          ShapeStyle(
            kind: .ellipse, fill: LayerColor(red: 0.2, green: 0.6, blue: 0.9),
            stroke: LayerColor(red: 0.9, green: 0.9, blue: 0.1, alpha: 0.8), strokeWidth: 0.03),
          transform: LayerTransform(x: 0.5, y: 0.5, width: 0.8, height: 0.6, rotation: 30),
          on: canvas)
      ),
      (
        "thin rectangle",
        Image.shape(
          ShapeStyle(
            kind: .rectangle, stroke: LayerColor(red: 1, green: 0, blue: 0), strokeWidth: 0.01),
          transform: LayerTransform(x: 0.5, y: 0.5, width: 0.6, height: 0.6, rotation: 10),
          on: canvas)
      ),
      (
        "picture",
        Image(bitmap: testPicture(width: 500, height: 400)).placed(
          by: LayerTransform(x: 0.5, y: 0.5, width: 0.9, height: 0.7, rotation: 33), on: canvas)
      ),
      ("scene", scene(on: canvas)),
    ]
    return layers.map { ($0, $1.composited(over: clear(canvas))) }
  }

  @Test func bigRenderScaledDownMatchesSmallRender() throws {
    for ((name, big), (_, small)) in zip(Self.layers(on: Self.big), Self.layers(on: Self.small)) {
      let reduced = try Renderer().bitmap(
        of: big.resized(width: Self.small.width, height: Self.small.height), format: .rgba8)
      let direct = try Renderer().bitmap(of: small, format: .rgba8)
      let quality = premultipliedPSNR(reduced, direct)
      print("PSNR 1200x800 reduced vs 300x200, \(name): \(String(format: "%.2f", quality)) dB")
      #expect(quality >= 40, "\(name): PSNR \(quality) dB")
    }
  }

  @Test func sameBytesOnOneAndTwoThreads() throws {
    let scene = Self.scene(on: Self.big)
    let one = try Renderer(threadCount: 1).bitmap(of: scene, format: .rgba8)
    let two = try Renderer(threadCount: 2).bitmap(of: scene, format: .rgba8)
    #expect(bytes(one) == bytes(two))
    // The scene is not empty: the comparison means something.
    #expect(bytes(one).contains { $0 != 0 })
  }

  @Test func regionsRenderAsTheirPartOfTheWhole() throws {
    let scene = Self.scene(on: Self.big)
    let whole = try Renderer().bitmap(of: scene, format: .rgba8)
    let part = Rect(x: 301, y: 157, width: 333, height: 211)
    let piece = try Renderer().bitmap(of: scene, rect: part, format: .rgba8)
    var mismatches = 0
    for y in 0..<part.height {
      for x in 0..<part.width
      where piece.sample(x: x, y: y) != whole.sample(x: x + part.minX, y: y + part.minY) {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
  }

  /// A canvas away from the origin (a crop's extent) gives the same pixels, moved.
  @Test func canvasAwayFromTheOriginGivesTheSamePixels() throws {
    let moved = Rect(x: 37, y: -12, width: Self.small.width, height: Self.small.height)
    let there = try Renderer().bitmap(of: Self.scene(on: moved), format: .rgba8)
    let here = try Renderer().bitmap(of: Self.scene(on: Self.small), format: .rgba8)
    #expect(Self.scene(on: moved).extent == moved)
    let largest = zip(bytes(there), bytes(here)).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(largest <= 1, "largest difference \(largest)")
  }
}
