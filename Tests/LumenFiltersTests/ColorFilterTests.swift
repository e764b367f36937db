import Foundation
import LumenCore
import Testing

@testable import LumenFilters

/// Each colour filter against its published formula, computed here independently in Double.
struct ColorFilterTests {
  struct Case: Sendable, CustomStringConvertible {
    let description: String
    let filter: any ImageFilter
    /// The encoding the formula is defined on (input and output are rendered in it).
    let transfer: Transfer
    /// rgb -> rgb (alpha is unchanged by every colour filter here).
    let formula: @Sendable ([Double]) -> [Double]
  }

  static func luma(_ c: [Double]) -> Double { 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] }

  static let cases: [Case] = [
    Case(description: "exposure", filter: Exposure(ev: 1.3), transfer: .linear) { c in
      c.map { $0 * pow(2, 1.3) }
    },
    Case(description: "brightness", filter: Brightness(amount: -0.3), transfer: .sRGB) { c in
      c.map { $0 - 0.3 }
    },
    Case(description: "contrast", filter: Contrast(amount: 1.4), transfer: .sRGB) { c in
      c.map { ($0 - 0.5) * 1.4 + 0.5 }
    },
    Case(description: "saturation", filter: Saturation(amount: 1.6), transfer: .sRGB) { c in
      let l = luma(c)
      return c.map { l + 1.6 * ($0 - l) }
    },
    Case(description: "vibrance", filter: Vibrance(amount: 0.7), transfer: .sRGB) { c in
      let chroma = min(max(c.max()! - c.min()!, 0), 1)
      let s = 1 + 0.7 * (1 - chroma)
      let l = luma(c)
      return c.map { l + s * ($0 - l) }
    },
    Case(description: "gamma", filter: Gamma(power: 1 / 0.9), transfer: .sRGB) { c in
      c.map { pow($0, 1 / 0.9) }
    },
    Case(description: "temperature", filter: Temperature(amount: 0.5), transfer: .linear) { c in
      let gains = [exp(0.15), 1, exp(-0.15)]
      let n = 0.2126 * gains[0] + 0.7152 * gains[1] + 0.0722 * gains[2]
      return (0..<3).map { c[$0] * gains[$0] / n }
    },
    Case(description: "tint", filter: Tint(amount: -0.4), transfer: .linear) { c in
      let gains = [1, exp(0.12), 1]
      let n = 0.2126 * gains[0] + 0.7152 * gains[1] + 0.0722 * gains[2]
      return (0..<3).map { c[$0] * gains[$0] / n }
    },
    Case(
      description: "highlightsAndShadows",
      filter: HighlightsAndShadows(highlights: -0.6, shadows: 0.8), transfer: .sRGB
    ) { c in
      let y = min(max(luma(c), 0), 1)
      let target = y + 0.75 * y * (1 - y) * (0.8 * (1 - y) - 0.6 * y)
      return c.map { y > 0 ? $0 * target / y : $0 * (1 + 0.75 * 0.8) }
    },
    Case(
      description: "colorMatrix",
      filter: ColorMatrixFilter(
        ColorMatrix(red: [1.08, 0.1, 0, 0], blue: [0, -0.05, 0.88, 0], bias: [0.01, 0.02, 0, 0])),
      transfer: .sRGB
    ) { c in
      [1.08 * c[0] + 0.1 * c[1] + 0.01, c[1] + 0.02, -0.05 * c[1] + 0.88 * c[2]]
    },
    Case(description: "sepia", filter: Sepia(intensity: 0.7), transfer: .sRGB) { c in
      let l = luma(c)
      return (0..<3).map { 0.3 * c[$0] + 0.7 * [1.2, 1.0, 0.8][$0] * l }
    },
    Case(
      description: "monochrome",
      filter: Monochrome(color: RGBA(red: 0.9, green: 0.5, blue: 0.2), intensity: 0.8),
      transfer: .sRGB
    ) { c in
      let l = luma(c)
      return (0..<3).map { 0.2 * c[$0] + 0.8 * [0.9, 0.5, 0.2][$0] * l }
    },
    Case(description: "invert", filter: Invert(), transfer: .sRGB) { c in c.map { 1 - $0 } },
  ]

  @Test(arguments: cases)
  func matchesFormula(_ test: Case) throws {
    let format = test.transfer == .sRGB ? Pixels.encoded : Pixels.linear
    let input = Pixels.image(Pixels.grid, width: 36, format: format)
    let output = try Pixels.render(try test.filter.apply(to: input), format: format)
    var worst = 0.0
    for (inPx, outPx) in zip(Pixels.grid, output) {
      let expected = test.formula(inPx.prefix(3).map(Double.init))
      for c in 0..<3 { worst = max(worst, abs(expected[c] - Double(outPx[c]))) }
      #expect(outPx[3] == inPx[3])
    }
    #expect(worst < 1e-5, "\(test.description): max error \(worst)")
  }

  /// Filters whose parameters sit at their identity values return the input.
  @Test(arguments: FilterRegistry.standard.descriptors.map(\.name))
  func identityParametersGiveTheInput(_ name: String) throws {
    let descriptor = try FilterRegistry.standard.descriptor(named: name)
    var values = ParameterValues()
    for p in descriptor.parameters { values[p.name] = p.identityValue ?? p.defaultValue }
    guard try values.resolved(for: descriptor).isIdentity else { return }  // flip, invert
    let input = Pixels.image(Pixels.grid, width: 36)
    let filter = try FilterRegistry.standard.makeFilter(named: name, values: values)
    let output = try Pixels.render(try filter.apply(to: input))
    #expect(Pixels.maxDifference(output, Pixels.grid) < 1e-6, "\(name)")
  }

  /// A chain of colour filters fused by the optimiser equals the same chain run kernel by
  /// kernel.
  @Test func fusedChainEqualsUnfused() throws {
    let chain: [any ImageFilter] = [
      Exposure(ev: 0.3), Gamma(power: 1 / 0.9), Contrast(amount: 1.2), Brightness(amount: 0.05),
      Saturation(amount: 1.3),
      try ColorMatrixFilter(["rVector": [1.08, 0, 0, 0], "bVector": [0, 0, 0.88, 0]]),
      Vibrance(amount: 0.3), Temperature(amount: 0.2), Tint(amount: 0.1),
      HighlightsAndShadows(highlights: -0.3, shadows: 0.4), Sepia(intensity: 0.2), Invert(),
    ]
    let image = try Pixels.image(Pixels.grid, width: 36).filtered(by: chain)
    for format in [Pixels.encoded, Pixels.linear] {
      let fused = try Pixels.render(image, format: format, optimizes: true)
      let unfused = try Pixels.render(image, format: format, optimizes: false)
      #expect(Pixels.maxDifference(fused, unfused) < 1e-6)
    }
  }

  /// Matrix filters are ColorMatrix kernels so that chains of them collapse into one matrix.
  @Test func matrixFiltersComposeLikeTheirMatrices() throws {
    let input = Pixels.image(Pixels.grid, width: 36)
    let a = try input.filtered(by: [
      Contrast(amount: 1.5), Saturation(amount: 0.5), Brightness(amount: 0.1),
    ])
    let m = ColorMatrix(
      red: [1.5, 0, 0, 0], green: [0, 1.5, 0, 0], blue: [0, 0, 1.5, 0],
      bias: [-0.25, -0.25, -0.25, 0],
      transfer: .sRGB
    ).followed(by: .lumaMix(tint: [1, 1, 1], amount: 0.5, transfer: .sRGB))
      .followed(by: ColorMatrix(bias: [0.1, 0.1, 0.1, 0], transfer: .sRGB))
    let b = input.applying(m)
    #expect(Pixels.maxDifference(try Pixels.render(a), try Pixels.render(b)) < 1e-6)
  }
}
