import Foundation
import LumenCore
import Testing

@testable import LumenText

/// A text measured without drawing against the same text drawn: the same lines, never smaller
/// than the drawing, at most a pixel larger at each side of each line (FreeType's rounding of
/// scaled outlines), at any size, width and spacing; bitmap fonts are left to drawing.
struct TextMeasureTests {
  static let fonts = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf",
  ].filter { FileManager.default.fileExists(atPath: $0) }

  static let texts = [
    "Product 7: fresh fresh coffee", "Jÿ Åg — quick (brown) fox, jumps; over: lazy dogs!",
    "Donaudampfschifffahrtsgesellschaft", "ffi fl Wave AVAVA TTT", "one\ntwo\n\nfour",
    "مرحبا بالعالم hello", "  spaced  out  ",
  ]

  @Test(.enabled(if: !fonts.isEmpty, "needs fonts-dejavu-core"))
  func measuredSizesBoundTheDrawing() throws {
    var exact = 0
    var total = 0
    for path in Self.fonts {
      let fonts = FontSet(try FontFile(path: path))
      for text in Self.texts {
        let measure = try TextMeasure(text, fonts: fonts)
        for size in [7.0, 13.5, 31.25, 100] {
          for maxWidth in [nil, 90.0, 333.0] {
            for spacing in [0.0, 0.1] {
              let style = TextBlock.Style(
                size: size, maxWidth: maxWidth, alignment: .center, letterSpacing: spacing)
              let drawn = try TextBlock(measure, style: style)
              guard let measured = try measure.size(style) else {
                Issue.record("\(path) could not be measured")
                return
              }
              let lines = drawn.lines.count
              #expect(
                measured.width >= drawn.width && measured.width <= drawn.width + 2,
                "\(path) \(text) \(size) \(String(describing: maxWidth)): \(measured) vs \(drawn.width)x\(drawn.height)"
              )
              #expect(
                measured.height >= drawn.height && measured.height <= drawn.height + 2 * lines,
                "\(path) \(text) \(size): \(measured) vs \(drawn.width)x\(drawn.height)")
              total += 1
              if measured == (drawn.width, drawn.height) { exact += 1 }
            }
          }
        }
      }
    }
    // Most are exact: the margin is rounding, not guesswork.
    #expect(exact * 10 >= total * 7, "\(exact) of \(total) exact")
    print("text measure: \(exact) of \(total) sizes exact")
  }
}
