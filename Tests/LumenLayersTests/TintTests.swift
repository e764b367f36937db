import LumenCore
import LumenLayers
import Testing

/// Tints against their definitions on sRGB-encoded straight colour.
@Suite struct TintTests {
  static let encoded = PixelFormat(hasAlpha: true, sample: .float32, transfer: .sRGB)
  /// Pixels: white, black, mid grey, a colour, translucent colours.
  static let pixels: [[UInt8]] = [
    [255, 255, 255, 255], [0, 0, 0, 255], [128, 128, 128, 255], [200, 60, 30, 255],
    [20, 180, 90, 128], [255, 255, 255, 40],
  ]
  static let source = Bitmap(width: pixels.count, height: 1, format: .rgba8) { bytes in
    for (i, p) in pixels.enumerated() {
      for c in 0..<4 { bytes[i * 4 + c] = p[c] }
    }
  }
  /// The same pixels as floats: colour chains over 8-bit sources are computed once per colour,
  /// over floats for every pixel, so both paths are checked.
  static let floatSource = Bitmap(width: pixels.count, height: 1, format: encoded) { bytes in
    let floats = bytes.bindMemory(to: Float.self)
    for (i, p) in pixels.enumerated() {
      for c in 0..<4 { floats[i * 4 + c] = Float(p[c]) / 255 }
    }
  }
  static let tint = LayerColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 0.8)

  func render(_ mode: TintMode, _ color: LayerColor = tint) throws -> Bitmap {
    let eight = try Renderer().bitmap(
      of: Image(bitmap: Self.source).tinted(mode, color: color), format: Self.encoded)
    let float = try Renderer().bitmap(
      of: Image(bitmap: Self.floatSource).tinted(mode, color: color), format: Self.encoded)
    let (a, b) = (TintTests.floats(eight), TintTests.floats(float))
    #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-4 }, "8-bit and float sources differ")
    return eight
  }

  static func floats(_ b: Bitmap) -> [Float] {
    (0..<b.width).flatMap { b.sample(x: $0, y: 0) }
  }

  @Test func solidReplacesColourAndScalesAlpha() throws {
    let out = try render(.solid)
    for (i, p) in Self.pixels.enumerated() {
      let got = out.sample(x: i, y: 0)
      let alpha = Float(p[3]) / 255 * 0.8
      let expected: [Float] = [0.9, 0.5, 0.2, alpha]
      #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-4 }, "pixel \(i): \(got)")
    }
  }

  @Test func colorizedScalesTheTintByLuma() throws {
    let out = try render(.colorized)
    for (i, p) in Self.pixels.enumerated() {
      let got = out.sample(x: i, y: 0)
      let (r, g, b) = (Float(p[0]) / 255, Float(p[1]) / 255, Float(p[2]) / 255)
      let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
      let expected: [Float] = [0.9 * luma, 0.5 * luma, 0.2 * luma, Float(p[3]) / 255 * 0.8]
      #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-4 }, "pixel \(i): \(got)")
    }
    // White becomes the tint itself.
    #expect(abs(out.sample(x: 0, y: 0)[0] - 0.9) < 1e-4)
  }

  @Test func noneLeavesTheImageAlone() throws {
    let tinted = try render(.none)
    let plain = try Renderer().bitmap(of: Image(bitmap: Self.source), format: Self.encoded)
    #expect(bytes(tinted) == bytes(plain))
  }

  @Test func outOfRangeTintsAreLimited() throws {
    let out = try render(.solid, LayerColor(red: 2, green: -1, blue: .nan, alpha: 3))
    let got = out.sample(x: 0, y: 0)
    #expect(zip(got, [1, 0, 0, 1] as [Float]).allSatisfy { abs($0 - $1) < 1e-4 }, "\(got)")
  }
}
