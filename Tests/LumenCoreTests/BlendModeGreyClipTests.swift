import LumenCore
import Testing

/// Colour and luminosity modes clip the result into 0...1 towards its own luminosity; a
/// grey beyond 0...1 (super-luminous premultiplied input, resampling overshoot) is its own
/// luminosity, and clipping it must not divide 0 by 0.
@Suite struct BlendModeGreyClipTests {
  @Test(arguments: [BlendMode.hue, .saturation, .color, .luminosity])
  func greysBeyondTheRangeStayFinite(mode: BlendMode) {
    for grey: Float in [-0.5, 1.5, 3] {
      for backdrop: SIMD3<Float> in [.zero, SIMD3(repeating: grey), SIMD3(0.2, 0.5, 0.9)] {
        let out = mode.blend(backdrop, SIMD3(repeating: grey))
        #expect(out.x.isFinite && out.y.isFinite && out.z.isFinite, "\(mode) \(backdrop) \(grey)")
      }
    }
  }
}
