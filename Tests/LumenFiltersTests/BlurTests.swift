import Foundation
import LumenCore
import Testing

@testable import LumenFilters

struct BlurTests {
  @Test func weightsAreANormalisedGaussian() {
    for sigma in [0.3, 1, 2.5, 10] {
      let w = GaussianBlur.weights(sigma: sigma)
      let r = Int((3 * sigma).rounded(.up))
      #expect(w.count == 2 * r + 1)
      #expect(abs(w.reduce(0, +) - 1) < 1e-6)
      let ratio = Double(w[r + 1] / w[r])
      #expect(abs(ratio - exp(-1 / (2 * sigma * sigma))) < 1e-5)
    }
  }

  @Test func flatImagesStayFlatUpToTheEdges() throws {
    let flat = Pixels.image(width: 30, height: 20) { _, _ in [0.2, 0.6, 0.9, 1] }
    let out = try GaussianBlur(sigma: 4).apply(to: flat)
    #expect(out.extent == flat.extent)
    let pixels = try Pixels.render(out)
    #expect(Pixels.maxDifference(pixels, Array(repeating: [0.2, 0.6, 0.9, 1], count: 600)) < 1e-5)
  }

  @Test func impulseResponseIsTheKernel() throws {
    let image = Pixels.image(width: 31, height: 31) { x, y in
      x == 15 && y == 15 ? [1, 1, 1, 1] : [0, 0, 0, 1]
    }
    let pixels = try Pixels.render(try GaussianBlur(sigma: 2).apply(to: image))
    let w = GaussianBlur.weights(sigma: 2)
    for y in 9...21 {
      for x in 9...21 {
        #expect(abs(pixels[y * 31 + x][0] - w[x - 9] * w[y - 9]) < 1e-6)
      }
    }
    #expect(abs(pixels.map { $0[1] }.reduce(0, +) - 1) < 1e-4)
  }

  @Test func sigmaZeroAndInvalidSigma() throws {
    let image = Pixels.image(Pixels.grid, width: 36)
    #expect(try Pixels.render(GaussianBlur(sigma: 0).apply(to: image)) == Pixels.grid)
    #expect(throws: FilterError.self) { try GaussianBlur(sigma: -1).apply(to: image) }
    #expect(throws: FilterError.self) { try GaussianBlur(sigma: .infinity).apply(to: image) }
  }

  @Test func sharpenIsAnUnsharpMask() throws {
    let image = Pixels.image(width: 24, height: 6) { x, y in
      let v: Float = x < 12 ? 0.25 : 0.75
      return [v, v * 0.5 + Float(y) * 0.05, 1 - v, 1]
    }
    let original = try Pixels.render(image)
    let blurred = try Pixels.render(try GaussianBlur(sigma: 1.5).apply(to: image))
    for threshold in [0.0, 0.1] {
      let out = try Pixels.render(
        try Sharpen(radius: 1.5, amount: 0.8, threshold: threshold).apply(to: image))
      for i in original.indices {
        for c in 0..<4 {
          let d = original[i][c] - blurred[i][c]
          let expected = original[i][c] + (abs(d) > Float(threshold) ? 0.8 * d : 0)
          #expect(abs(out[i][c] - expected) < 1e-5)
        }
      }
    }
    // Edges overshoot: sharpening raised contrast next to the step.
    let out = try Pixels.render(try Sharpen(radius: 1.5, amount: 0.8).apply(to: image))
    #expect(out[11][0] < 0.25 && out[12][0] > 0.75)
  }
}
