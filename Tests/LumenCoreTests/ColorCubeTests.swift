import LumenCore
import Testing

@Suite struct ColorCubeTests {
  /// An affine colour map: both interpolations reproduce it exactly between grid points.
  func affine(_ c: RGBA) -> RGBA {
    RGBA(
      red: 0.8 * c.red + 0.1 * c.green + 0.05, green: 0.2 * c.red + 0.7 * c.green + 0.1 * c.blue,
      blue: 0.3 * c.blue + 0.6 * c.green, alpha: c.alpha)
  }

  @Test(arguments: CubeInterpolation.allCases)
  func affineMapsAreReproduced(_ interpolation: CubeInterpolation) {
    let kernel = ColorCubeKernel(
      cube: ColorCube(size: 17, sampling: affine), interpolation: interpolation)
    for r in stride(from: Float(0), through: 1, by: 0.0913) {
      for g in stride(from: Float(0), through: 1, by: 0.1177) {
        for b in stride(from: Float(0), through: 1, by: 0.0771) {
          let c = RGBA(red: r, green: g, blue: b)
          let got = kernel.apply(c)
          let want = affine(c)
          #expect(abs(got.red - want.red) < 1e-5 && abs(got.green - want.green) < 1e-5)
          #expect(abs(got.blue - want.blue) < 1e-5)
        }
      }
    }
  }

  @Test func intensityMixesWithTheOriginal() {
    let c = RGBA(red: 0.2, green: 0.5, blue: 0.9)
    let full = ColorCubeKernel(cube: ColorCube(size: 9, sampling: affine)).apply(c)
    let half = ColorCubeKernel(cube: ColorCube(size: 9, sampling: affine), intensity: 0.5).apply(c)
    #expect(abs(half.red - (c.red + full.red) / 2) < 1e-6)
    #expect(abs(half.blue - (c.blue + full.blue) / 2) < 1e-6)
  }

  @Test func outOfDomainAndNaNTakeTheEdge() {
    let kernel = ColorCubeKernel(cube: .identity(size: 5))
    let out = kernel.apply(RGBA(red: -0.5, green: 1.7, blue: .nan))
    #expect(out.red == 0 && out.green == 1 && out.blue == 0)
  }

  @Test func invalidCubesAreRefused() {
    #expect(ColorCube(size: 2, values: [0, 0, 0]) == nil)
    #expect(ColorCube(size: 1, values: [0, 0, 0]) == nil)
    #expect(ColorCube(size: 2, values: Array(repeating: .nan, count: 24)) == nil)
    #expect(
      ColorCube(size: 2, values: Array(repeating: 0, count: 24), domainMin: .one, domainMax: .zero)
        == nil)
  }

  @Test func spanAndPixelPathsAgree() throws {
    let cube = ColorCube(size: 33) { c in RGBA(red: c.red * c.red, green: c.green, blue: 1 - c.blue)
    }
    let image = Image(bitmap: testBitmap(width: 300, height: 40)).applying(cube, intensity: 0.8)
    let fused = try Renderer().bitmap(of: image, format: encodedFloat)
    let reference = try Renderer(optimizes: false).bitmap(of: image, format: encodedFloat)
    #expect(maxDifference(samples(fused), samples(reference)) < 1e-6)
  }
}
