import LumenCore
import Testing

/// The non-separable modes (checked here by their defining properties; the separable ones are
/// compared with ImageMagick in LumenOracleTests).
@Suite struct BlendModeTests {
  func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
  func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

  let colours: [SIMD3<Float>] = [
    [0.2, 0.5, 0.9], [0.9, 0.1, 0.3], [0.5, 0.5, 0.5], [0.05, 0.8, 0.4], [1, 1, 0],
    [0.3, 0.3, 0.7],
  ]

  @Test func luminosityAndColourTradeLuminosity() {
    for b in colours {
      for s in colours {
        let l = BlendMode.luminosity.blend(b, s)
        let c = BlendMode.color.blend(b, s)
        #expect(abs(lum(l) - lum(s)) < 1e-5)
        #expect(abs(lum(c) - lum(b)) < 1e-5)
        for v in [l.x, l.y, l.z, c.x, c.y, c.z] { #expect(v >= -1e-6 && v <= 1 + 1e-6) }
      }
    }
  }

  @Test func hueAndSaturationKeepTheBackdropsLuminosity() {
    for b in colours {
      for s in colours where sat(s) > 0 && sat(b) > 0 {
        let h = BlendMode.hue.blend(b, s)
        let t = BlendMode.saturation.blend(b, s)
        #expect(abs(lum(h) - lum(b)) < 1e-5)
        #expect(abs(lum(t) - lum(b)) < 1e-5)
      }
    }
  }

  @Test func normalAtPartialOpacityMixes() {
    let kernel = BlendModeKernel(mode: .normal, opacity: 0.25)
    var f: [Float] = [0.8, 0.8, 0.8, 1]
    var b: [Float] = [0.4, 0.2, 0, 1]
    f.withUnsafeMutableBufferPointer { fp in
      b.withUnsafeMutableBufferPointer { bp in
        let fs = PixelSpan(
          red: fp.baseAddress!, green: fp.baseAddress! + 1, blue: fp.baseAddress! + 2,
          alpha: fp.baseAddress! + 3, count: 1)
        let bs = PixelSpan(
          red: bp.baseAddress!, green: bp.baseAddress! + 1, blue: bp.baseAddress! + 2,
          alpha: bp.baseAddress! + 3, count: 1)
        kernel.blend(fs, into: bs)
      }
    }
    #expect(
      abs(b[0] - 0.5) < 1e-6 && abs(b[1] - 0.35) < 1e-6 && abs(b[2] - 0.2) < 1e-6 && b[3] == 1)
  }

  /// The renderer blends a foreground only over its extent when its kernel says a clear
  /// pixel keeps the background: for each such kernel (every mode, several opacities), a
  /// clear foreground leaves a random background bit for bit.
  @Test func clearForegroundKeepsTheBackgroundBitForBit() {
    var kernels: [any BlendKernel] = [SourceOver(), DestinationOut()]
    for mode in BlendMode.allCases {
      for opacity: Float in [0, 0.37, 1] {
        kernels.append(BlendModeKernel(mode: mode, opacity: opacity))
      }
    }
    var generator = SystemRandomNumberGenerator()
    let count = 257
    var background: [Float] = []
    for _ in 0..<count {
      let alpha = Float.random(in: 0...1, using: &generator)
      background += (0..<3).map { _ in Float.random(in: 0...alpha, using: &generator) } + [alpha]
    }
    for kernel in kernels {
      #expect(kernel.clearForegroundKeepsBackground, "\(kernel)")
      var f = [Float](repeating: 0, count: 4 * count)
      var b = background
      f.withUnsafeMutableBufferPointer { fp in
        b.withUnsafeMutableBufferPointer { bp in
          kernel.blend(Self.span(fp, count), into: Self.span(bp, count))
        }
      }
      #expect(b.map(\.bitPattern) == background.map(\.bitPattern), "\(kernel)")
    }
  }

  /// Planes of `count` floats each, one after another.
  static func span(_ p: UnsafeMutableBufferPointer<Float>, _ count: Int) -> PixelSpan {
    let base = p.baseAddress!
    return PixelSpan(
      red: base, green: base + count, blue: base + 2 * count, alpha: base + 3 * count,
      count: count)
  }
}
