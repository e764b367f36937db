import Foundation
import LumenCodecs
import LumenCore
import LumenFilters
import LumenTestSupport
import Testing

/// Blur and resize against independent implementations on real photos. Conventions: sigma in
/// pixels on sRGB-encoded values with edges extended (libvips gaussblur with an accurate mask);
/// Lanczos-3 and bilinear as Pillow's `resize` (support stretched by the reduction factor).
@Suite(.tags(.oracle), .requires(.python))
struct ResamplingOracleTests {
  static let photos = ["coffee", "chelsea"]

  func lumen(_ png: URL, _ filter: some ImageFilter) throws -> Bitmap {
    let image = try Image(bitmap: ImageFile.read(png).bitmap).filtered(by: filter)
    return try Renderer().bitmap(of: image, format: .rgb8)
  }

  @Test(arguments: photos, [1.5, 10.0, 20.0, 36.0])
  func gaussianBlurMatchesLibvips(photo: String, sigma: Double) throws {
    let dir = try Scratch.directory()
    let png = try References.samplePNG(photo, in: dir)
    let reference = dir.appendingPathComponent("vips.png")
    try References.run(["blur", png.path, reference.path, "\(sigma)"])
    let ours = try lumen(png, GaussianBlur(sigma: sigma))
    let quality = psnr(ours, try ImageFile.read(reference).bitmap)
    #expect(quality >= 45, "PSNR \(quality) dB for sigma \(sigma) on \(photo)")
  }

  @Test(arguments: photos, ["lanczos3", "bilinear"])
  func resizeMatchesPillow(photo: String, filter: String) throws {
    let dir = try Scratch.directory()
    let png = try References.samplePNG(photo, in: dir)
    let source = try ImageFile.read(png).bitmap
    for (w, h) in [
      (source.width / 3, source.height / 3), (source.width * 2 - 7, source.height + 31),
    ] {
      let reference = dir.appendingPathComponent("pillow-\(w).png")
      try References.run(["resize", png.path, reference.path, "\(w)", "\(h)", filter])
      let resize = try FilterRegistry.standard.makeFilter(
        parsing: "resize width=\(w) height=\(h) filter=\(filter)")
      let quality = psnr(try lumen(png, resize), try ImageFile.read(reference).bitmap)
      #expect(quality >= 45, "PSNR \(quality) dB for \(filter) to \(w)x\(h) on \(photo)")
    }
  }
}
