import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// Blend modes against ImageMagick's `-compose` operators, which implement the same W3C/SVG
/// formulas on sRGB-encoded values; opaque images, so only the blend function is compared.
@Suite(.tags(.oracle), .requires(.python, .imageMagick))
struct BlendModeOracleTests {
  static let modes: [(BlendMode, String)] = [
    (.multiply, "Multiply"), (.screen, "Screen"), (.overlay, "Overlay"), (.softLight, "SoftLight"),
    (.hardLight, "HardLight"), (.darken, "Darken"), (.lighten, "Lighten"),
    (.colorDodge, "ColorDodge"), (.colorBurn, "ColorBurn"), (.difference, "Difference"),
    (.exclusion, "Exclusion"),
  ]

  @Test(arguments: modes)
  func matchesImageMagick(_ mode: BlendMode, _ compose: String) throws {
    let dir = try Scratch.directory()
    let backdrop = try References.samplePNG("coffee", in: dir)
    let backdropImage = Image(bitmap: try ImageFile.read(backdrop).bitmap)
    let e = backdropImage.extent
    // A source with every level in each channel: horizontal, vertical and diagonal ramps.
    let source = Bitmap(width: e.width, height: e.height, format: .rgb8) { bytes in
      for y in 0..<e.height {
        for x in 0..<e.width {
          let i = 3 * (y * e.width + x)
          bytes[i] = UInt8(x * 255 / (e.width - 1))
          bytes[i + 1] = UInt8(y * 255 / (e.height - 1))
          bytes[i + 2] = UInt8((x + y) % 256)
        }
      }
    }
    let sourceURL = dir.appendingPathComponent("source.png")
    try ImageFile.write(source, to: sourceURL)
    let reference = dir.appendingPathComponent("im.png")
    try Program.output(
      of: "convert",
      [backdrop.path, sourceURL.path, "-compose", compose, "-composite", reference.path])
    let ours = try Renderer().bitmap(
      of: Image(bitmap: source).composited(over: backdropImage, using: BlendModeKernel(mode: mode)),
      format: .rgb8)
    let theirs = try ImageFile.read(reference).bitmap
    var worst: Float = 0
    for y in stride(from: 0, to: e.height, by: 3) {
      for x in stride(from: 0, to: e.width, by: 3) {
        for (a, b) in zip(ours.sample(x: x, y: y), theirs.sample(x: x, y: y)) {
          worst = max(worst, abs(a - b) * 255)
        }
      }
    }
    #expect(worst <= 1.01, "\(mode): max difference \(worst) levels")
  }
}
