import LumenCore
import Testing

/// Lanczos resampling rings: next to a hard alpha edge it makes pixels of negative alpha.
/// Colour kernels see such pixels as black; what they make of black must not depend on
/// whether the chain runs fused (one straightening around all kernels) or kernel by kernel.
@Suite struct NegativeAlphaTests {
  /// Black to mid grey, in linear light (so encoding conversions surround it).
  struct Lift: ColorKernel {
    func apply(_ c: RGBA) -> RGBA {
      RGBA(red: c.red * 0.5 + 0.5, green: c.green * 0.5 + 0.5, blue: c.blue, alpha: c.alpha)
    }
  }

  /// An opaque white stripe on transparency.
  static func stripe() -> Bitmap {
    Bitmap(width: 32, height: 4, format: .rgba8) { bytes in
      for i in 0..<(32 * 4) {
        let opaque = (10..<20).contains(i % 32)
        for c in 0..<3 { bytes[4 * i + c] = 255 }
        bytes[4 * i + 3] = opaque ? 255 : 0
      }
    }
  }

  @Test func fusedAndUnfusedChainsAgreeWhereAlphaIsNegative() throws {
    let rung = Image(bitmap: Self.stripe()).resized(width: 45, height: 4)
    // Averaged again, so that what the chain left in the ringing pixels shows.
    let image = rung.applying(Lift(), preservesOpacity: false).resized(
      width: 20, height: 4, filter: .box)
    let fused = try Renderer(threadCount: 1).bitmap(of: image, format: .rgbaFloat)
    let unfused = try Renderer(threadCount: 1, optimizes: false).bitmap(
      of: image, format: .rgbaFloat)
    #expect(maxDifference(samples(fused), samples(unfused)) < 1e-4)
  }
}
