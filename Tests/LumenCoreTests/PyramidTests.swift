import LumenCore
import Testing

@Suite struct PyramidTests {
  let image = Image(bitmap: testBitmap(width: 120, height: 90))

  @Test func halvingEqualsBoxResampling() throws {
    let halved = try Renderer().bitmap(of: image.halved(), format: encodedFloat)
    let box = try Renderer().bitmap(
      of: image.resized(width: 60, height: 45, filter: .box), format: encodedFloat)
    #expect(halved.width == 60 && halved.height == 45)
    #expect(maxDifference(samples(halved), samples(box)) < 1e-6)
  }

  @Test func doublingEqualsBilinearResamplingInside() throws {
    let doubled = try Renderer().bitmap(
      of: image.clampedToExtent().doubled(extent: Rect(width: 240, height: 180)),
      format: encodedFloat)
    let bilinear = try Renderer().bitmap(
      of: image.resized(width: 240, height: 180, filter: .bilinear), format: encodedFloat)
    // Resampling renormalises its window at the edges; doubling reads repeated edge pixels.
    // Inside, both interpolate between the same two pixel centres.
    let inside = Rect(x: 2, y: 2, width: 236, height: 176)
    let a = try Renderer().bitmap(of: Image(bitmap: doubled), rect: inside, format: encodedFloat)
    let b = try Renderer().bitmap(of: Image(bitmap: bilinear), rect: inside, format: encodedFloat)
    #expect(maxDifference(samples(a), samples(b)) < 1e-5)
  }
}
