import Foundation
import LumenCore
import Testing

@testable import LumenFilters

@Suite struct DuotoneTests {
  /// The documented formula, computed here independently in Double precision.
  static func expected(_ c: [Float], dark: [Double], light: [Double], intensity: Double) -> [Float]
  {
    let luma = 0.2126 * Double(c[0]) + 0.7152 * Double(c[1]) + 0.0722 * Double(c[2])
    let t = Foundation.pow(min(max(luma, 0), 1), Foundation.pow(2, -intensity))
    return (0..<3).map { Float(dark[$0] + t * (light[$0] - dark[$0])) } + [c[3]]
  }

  @Test(arguments: [-1.0, -0.4, 0, 0.3, 1])
  func matchesItsFormula(intensity: Double) throws {
    let dark = [0.1, 0.05, 0.3]
    let light = [0.95, 0.9, 0.6]
    let filter = try FilterRegistry.standard.makeFilter(
      parsing: "duotone dark=0.1,0.05,0.3 light=0.95,0.9,0.6 intensity=\(intensity)")
    let input = Pixels.grid.filter { $0[3] == 1 }
    let out = try Pixels.render(
      try Pixels.image(input, width: input.count).filtered(by: filter))
    let want = input.map { Self.expected($0, dark: dark, light: light, intensity: intensity) }
    #expect(Pixels.maxDifference(out, want) < 2e-5)
  }

  @Test func blackAndWhiteMapToTheTwoColours() throws {
    let out = try Pixels.render(
      try Pixels.image([[0, 0, 0, 1], [1, 1, 1, 1]], width: 2).filtered(
        by: FilterRegistry.standard.makeFilter(
          parsing: "duotone dark=#102030 light=#f0e0d0 intensity=0.7")))
    let want: [[Float]] = [
      [0x10, 0x20, 0x30].map { Float($0) / 255 } + [1],
      [0xF0, 0xE0, 0xD0].map { Float($0) / 255 } + [1],
    ]
    #expect(Pixels.maxDifference(out, want) < 1e-5)
  }

  @Test func splitToneKeepsGreyAndLuma() throws {
    // Grey toning colours do nothing; coloured ones move hue but not luma.
    let grey = try FilterRegistry.standard.makeFilter(
      parsing: "splitTone shadows=0.3,0.3,0.3 highlights=0.8,0.8,0.8 amount=1")
    let input = Pixels.grid.filter { $0[3] == 1 }
    let image = Pixels.image(input, width: input.count)
    #expect(Pixels.maxDifference(try Pixels.render(image.filtered(by: grey)), input) < 1e-6)
    let toned = try Pixels.render(image.filtered(by: SplitTone()))
    for (a, b) in zip(input, toned) {
      let luma = { (c: [Float]) in 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] }
      #expect(abs(luma(a) - luma(b)) < 1e-5)
    }
  }
}
