import Foundation
import LumenCore
import Testing

@testable import LumenFilters

// The two examples in the README, verbatim: a custom colour-kernel filter and a custom warp
// filter, each under 25 lines.

// README example 1: a grayscale filter from a colour kernel.
struct Grayscale: ParameterlessFilter {
  static let descriptor = FilterDescriptor(name: "grayscale", folder: "Custom")

  struct Kernel: ColorKernel {
    var transfer: Transfer { .sRGB }  // defined on gamma-encoded values
    func apply(_ c: RGBA) -> RGBA { RGBA(gray: c.luma, alpha: c.alpha) }
  }

  func apply(to image: Image) -> Image { image.applying(Kernel()) }
}

// README example 2: a wave distortion from a warp kernel, with one parameter.
struct Wave: Filter {
  static let descriptor = FilterDescriptor(
    name: "wave", folder: "Distortion",
    parameters: [.scalar("amplitude", range: 0...50, default: 10, identity: 0, unit: "px")])

  var amplitude = 10.0

  init(_ values: ParameterValues) throws(FilterError) {
    amplitude = try values.resolved(for: Self.descriptor).double("amplitude")
  }

  struct Kernel: WarpKernel {
    let amplitude: Double
    func sourcePoint(for p: Point) -> Point { Point(x: p.x + amplitude * sin(p.y / 8), y: p.y) }
  }

  func apply(to image: Image) -> Image { image.applying(warp: Kernel(amplitude: amplitude)) }
}

struct CustomFilterTests {
  @Test func customFiltersRegisterAndRun() throws {
    var registry = FilterRegistry.standard
    try registry.register(Grayscale.self)
    try registry.register(Wave.self)
    #expect(registry.descriptors.contains { $0.name == "wave" && $0.folder == "Distortion" })

    let input = Pixels.image(Pixels.grid, width: 36)
    let gray = try Pixels.render(try registry.makeFilter(parsing: "grayscale").apply(to: input))
    for (i, o) in zip(Pixels.grid, gray) {
      let l = 0.2126 * i[0] + 0.7152 * i[1] + 0.0722 * i[2]
      #expect(abs(o[0] - l) < 1e-6 && o[0] == o[1] && o[1] == o[2])
    }

    let flat = try registry.makeFilter(parsing: "wave amplitude=0").apply(to: input)
    #expect(Pixels.maxDifference(try Pixels.render(flat), Pixels.grid) < 1e-6)
    let wavy = try registry.makeFilter(parsing: "wave amplitude=3").apply(to: input)
    #expect(Pixels.maxDifference(try Pixels.render(wavy), Pixels.grid) > 0.01)
    #expect(throws: FilterError.self) { try registry.makeFilter(parsing: "wave amplitude=60") }
  }

  /// A plain `ImageFilter` needs only `apply(to:)`; filters chain with `filtered(by:)`.
  @Test func plainImageFiltersChain() throws {
    struct Halve: ImageFilter {
      func apply(to image: Image) -> Image {
        image.applying(ColorMatrix.gains(0.5, 0.5, 0.5, transfer: .linear))
      }
    }
    let input = Pixels.image([[1, 1, 1, 1]], width: 1, format: Pixels.linear)
    let out = try input.filtered(by: [Halve(), Halve(), Exposure(ev: 1)])
    #expect(try Pixels.render(out, format: Pixels.linear) == [[0.5, 0.5, 0.5, 1]])
  }
}
