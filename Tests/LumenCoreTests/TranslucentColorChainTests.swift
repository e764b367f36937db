import LumenCore
import Testing

/// Colour kernels that make opaque pixels translucent (`preservesOpacity: false`): the
/// result's colour must be premultiplied by its new alpha, whether or not the chain is fused
/// or its results remembered.
@Suite struct TranslucentColorChainTests {
  /// v -> v, but costly enough that chains holding it are remembered per colour.
  struct Unchanged: ColorKernel, Hashable {
    func apply(_ c: RGBA) -> RGBA { c }
  }

  /// Alpha halved, colour kept (in linear light).
  static let halfAlpha = ColorMatrix(alpha: [0, 0, 0, 0.5])

  /// The largest difference between `out`'s straight colour and `source`'s, and whether
  /// every alpha is half of 255.
  static func compare(_ out: Bitmap, _ source: Bitmap) -> (colour: Float, halfAlpha: Bool) {
    var worst: Float = 0
    var half = true
    for y in 0..<out.height {
      for x in 0..<out.width {
        let (o, s) = (out.sample(x: x, y: y), source.sample(x: x, y: y))
        worst = max(worst, abs(o[0] - s[0]), abs(o[1] - s[1]), abs(o[2] - s[2]))
        half = half && (o[3] * 255).rounded() == 128
      }
    }
    return (worst * 255, half)
  }

  @Test(arguments: [false, true])
  func alphaChangeOverAnOpaqueSource(optimizes: Bool) throws {
    let source = testBitmap(width: 40, height: 20)
    let image = Image(bitmap: source).applying(Self.halfAlpha, preservesOpacity: false)
    let out = try Renderer(threadCount: 1, optimizes: optimizes).bitmap(of: image)
    let (colour, half) = Self.compare(out, source)
    #expect(half)
    #expect(colour <= 1)
  }

  /// Followed by a costly kernel, the chain over an 8-bit source would be remembered per
  /// colour, as opaque results.
  @Test(arguments: [false, true])
  func alphaChangeBeforeACostlyKernel(optimizes: Bool) throws {
    let source = testBitmap(width: 40, height: 20)
    let image = Image(bitmap: source).applying(Self.halfAlpha, preservesOpacity: false)
      .applying(Unchanged(), preservesOpacity: false)
    let out = try Renderer(threadCount: 1, optimizes: optimizes).bitmap(of: image)
    let (colour, half) = Self.compare(out, source)
    #expect(half)
    #expect(colour <= 1)
  }
}
