import Foundation
import LumenCodecs
import LumenCore
import LumenFilters
import Testing

// The custom filters shown in README.md, verbatim.

struct Grayscale: ImageFilter {
  struct Kernel: ColorKernel {
    func apply(_ c: RGBA) -> RGBA { RGBA(gray: c.luma, alpha: c.alpha) }
  }

  func apply(to image: Image) -> Image { image.applying(Kernel()) }
}

struct Wave: ImageFilter {
  var amplitude = 8.0
  var wavelength = 60.0

  struct Kernel: WarpKernel {
    let amplitude: Double, wavelength: Double
    func sourcePoint(for p: Point) -> Point {
      Point(x: p.x + amplitude * sin(2 * .pi * p.y / wavelength), y: p.y)
    }
  }

  func apply(to image: Image) -> Image {
    image.clampedToExtent()
      .applying(warp: Kernel(amplitude: amplitude, wavelength: wavelength))
      .cropped(to: image.extent)
  }
}

@Suite struct ReadmeExamplesTests {
  let sample = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg")

  @Test func swiftAPIExampleRuns() throws {
    let out = try CLI.scratch().appendingPathComponent("coffee-edited.jpg")
    // As in README.md, with the output in a scratch directory.
    let photo = try Photo(contentsOf: sample)
    let edited = try photo.image.filtered(by: [
      Contrast(amount: 1.2),
      try FilterRegistry.standard.makeFilter(parsing: "saturationScale amount=1.3"),
      GaussianBlur(sigma: 2),
    ])
    try photo.export(edited, to: out, overwrite: true)
    let info = try ImageFile.info(out)
    #expect(info.width == 600 && info.height == 400)
    // The README's rendering context.
    let context = RenderContext(threadCount: 4, memoryBudget: 256 << 20)
    let preview = try context.bitmap(of: edited, scale: 0.25, format: .rgb8)
    let small = out.deletingLastPathComponent().appendingPathComponent("coffee-small.jpg")
    try photo.export(edited, to: small, overwrite: true, context: context)
    #expect(preview.width == 150 && preview.height == 100)
  }

  @Test func grayscaleMakesEqualChannels() throws {
    let image = try Photo(contentsOf: sample).image.filtered(by: Grayscale())
    let bitmap = try Renderer().bitmap(of: image, format: .rgb8)
    for (x, y) in [(10, 10), (300, 200), (599, 399)] {
      let p = bitmap.sample(x: x, y: y)
      #expect(p[0] == p[1] && p[1] == p[2])
    }
  }

  @Test func waveShiftsRowsByTheFormula() throws {
    let source = try Photo(contentsOf: sample).image
    let waved = try Renderer().bitmap(
      of: source.filtered(by: Wave(amplitude: 5, wavelength: 40)), format: .rgb8)
    let original = try Renderer().bitmap(of: source, format: .rgb8)
    // Row 10 (centre 10.5): shift 5 sin(2 pi 10.5 / 40) = 4.98 -> output x reads input x + 4.98.
    let shift = 5 * sin(2 * Double.pi * 10.5 / 40)
    #expect(abs(shift - 4.98) < 0.01)
    let expected = original.sample(x: 205, y: 10)
    let got = waved.sample(x: 200, y: 10)
    #expect(zip(expected, got).allSatisfy { abs($0 - $1) < 0.03 })
    #expect(waved.width == original.width && waved.height == original.height)
  }
}
