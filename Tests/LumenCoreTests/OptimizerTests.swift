import Foundation
import LumenCore
import Testing

@Suite struct OptimizerTests {
  /// A kernel on encoded values and one in linear light, so conversions must be inserted.
  struct Curve: ColorKernel {
    var transfer: Transfer { .sRGB }
    func apply(_ c: RGBA) -> RGBA {
      RGBA(red: c.red * c.red, green: 1 - c.green, blue: c.blue * 0.5 + 0.25, alpha: c.alpha)
    }
  }
  struct Gain: ColorKernel {
    func apply(_ c: RGBA) -> RGBA {
      RGBA(red: c.red * 1.5, green: c.green, blue: c.blue * 0.8, alpha: c.alpha)
    }
  }

  @Test func fusedChainEqualsUnfusedEvaluation() throws {
    for alpha in [false, true] {
      let image = Image(bitmap: testBitmap(width: 700, height: 90, alpha: alpha))
        .applying(Curve())
        .applying(ColorMatrix(red: [0.9, 0.1, 0, 0], blue: [0, 0.2, 0.8, 0], transfer: .sRGB))
        .applying(ColorMatrix(bias: [0.05, -0.02, 0, 0], transfer: .sRGB))
        .applying(Gain())
        .applying(Curve())
        .cropped(to: Rect(x: 3, y: 4, width: 600, height: 80))
      let fused = try Renderer(optimizes: true).bitmap(of: image, format: .rgbaFloat)
      let unfused = try Renderer(optimizes: false).bitmap(of: image, format: .rgbaFloat)
      // Unfused, translucent pixels are unpremultiplied and premultiplied around every kernel,
      // which adds float rounding that the sRGB curve's slope (12.92 near black) magnifies.
      let tolerance: Float = alpha ? 1e-5 : 1e-6
      #expect(maxRelativeDifference(samples(fused), samples(unfused)) <= tolerance)
    }
  }

  @Test func mergedTransformsEqualTheComposedTransform() throws {
    let source = Image(bitmap: testBitmap(width: 200, height: 150))
    let a = AffineTransform(rotationAngle: 0.2)
    let b = AffineTransform(scaleX: 0.7, y: 0.9)
    let chained = source.transformed(by: a).transformed(by: b)
    let composed = source.transformed(by: a.concatenating(b))
    let rect = Rect(x: 10, y: 20, width: 100, height: 100)
    let x = try Renderer().bitmap(of: chained, rect: rect, format: .rgbaFloat)
    let y = try Renderer().bitmap(of: composed, rect: rect, format: .rgbaFloat)
    #expect(maxDifference(samples(x), samples(y)) == 0)
  }

  @Test func colorMatricesMultiplyOut() {
    let a = ColorMatrix(red: [0.5, 0.2, 0, 0], green: [0, 1, 0.3, 0], bias: [0.1, 0, 0, 0])
    let b = ColorMatrix(red: [1, 0, 0.4, 0], blue: [0.2, 0, 1, 0], bias: [0, 0.05, 0, 0])
    let c = RGBA(red: 0.3, green: 0.6, blue: 0.9, alpha: 1)
    let direct = b.apply(a.apply(c))
    let merged = a.followed(by: b).apply(c)
    #expect(abs(direct.red - merged.red) < 1e-6 && abs(direct.green - merged.green) < 1e-6)
    #expect(abs(direct.blue - merged.blue) < 1e-6 && abs(direct.alpha - merged.alpha) < 1e-6)
  }

  @Test func cropsBelowColourKernelsKeepTheirMeaning() throws {
    let image = Image(bitmap: testBitmap(width: 64, height: 64)).applying(Gain())
    let rect = Rect(x: 8, y: 8, width: 20, height: 30)
    let cropped = try Renderer().bitmap(of: image.cropped(to: rect), format: .rgbaFloat)
    let region = try Renderer().bitmap(of: image, rect: rect, format: .rgbaFloat)
    #expect(samples(cropped) == samples(region))
  }

  @Test func encodeDecodeAroundLinearKernelsMatchesTheFormula() throws {
    // A linear-light gain on an sRGB source: decode, multiply, encode.
    let bitmap = testBitmap(width: 50, height: 10)
    let out = try Renderer().bitmap(
      of: Image(bitmap: bitmap).applying(Gain()), format: encodedFloat)
    func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    func encode(_ l: Double) -> Double {
      l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    }
    var worst: Double = 0
    for y in 0..<10 {
      for x in 0..<50 {
        let s = bitmap.sample(x: x, y: y).map(Double.init)
        let o = out.sample(x: x, y: y).map(Double.init)
        worst = max(
          worst, abs(o[0] - encode(decode(s[0]) * 1.5)), abs(o[2] - encode(decode(s[2]) * 0.8)))
      }
    }
    #expect(worst < 2e-6)
  }
}

/// Kernels that run in place are handed their output as the input that is computed over the
/// same region; the pixels are those of a separate output tile.
@Suite struct InPlaceTests {
  /// Scales input 0 by (1 + input 1's red), reading each input at the pixel it writes.
  struct Modulate: GeneralKernel {
    var runsInPlace: Bool
    func extent(forInputExtents extents: [Rect]) -> Rect { extents[0] }
    func regionOfInterest(for rect: Rect, input index: Int) -> Rect { rect }
    func apply(inputs: [Tile], output: Tile) {
      for y in output.rect.minY..<output.rect.maxY {
        let (a, b, o) = (inputs[0].row(y), inputs[1].row(y), output.row(y))
        for i in 0..<o.count {
          let k = 1 + b.red[i]
          (o.red[i], o.green[i], o.blue[i], o.alpha[i]) = (
            a.red[i] * k, a.green[i] * k, a.blue[i] * k, a.alpha[i]
          )
        }
      }
    }
  }

  @Test(arguments: [1, 2])
  func runningInPlaceChangesNoPixel(threads: Int) throws {
    let source = Image(bitmap: testBitmap(width: 700, height: 90))
    // Both inputs computed (not held), so either could be the output.
    let a = source.applying(OptimizerTests.Gain())
    let b = source.applying(OptimizerTests.Curve())
    func render(_ inPlace: Bool) throws -> [Float] {
      let image = a.applying(Modulate(runsInPlace: inPlace), with: [b])
      return samples(try Renderer(threadCount: threads).bitmap(of: image, format: .rgbaFloat))
    }
    #expect(try render(true) == render(false))
  }
}
