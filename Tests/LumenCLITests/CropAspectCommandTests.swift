import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// A crop's aspect applies whether or not it is forced: `"aspect": "1:1"` over a 600x400
/// photo keeps the centred 400x400 square (it used to be ignored, leaving 600x400). The
/// pixels are compared with ImageMagick's centred crop of the same file.
@Suite struct CropAspectCommandTests {
  /// A 600x400 PNG whose every pixel differs from its neighbours (x and y in the channels).
  static func gradient(at url: URL) throws {
    let bitmap = Bitmap(width: 600, height: 400, format: .rgb8) { bytes in
      for y in 0..<400 {
        for x in 0..<600 {
          let i = 3 * (y * 600 + x)
          bytes[i] = UInt8(x % 256)
          bytes[i + 1] = UInt8(y % 256)
          bytes[i + 2] = UInt8((x / 256) * 64 + (y / 256) * 16)
        }
      }
    }
    try ImageFile.write(bitmap, to: url)
  }

  @Test(
    .requires(.imageMagick),
    arguments: [
      (#"{"aspect": "1:1"}"#, "400x400+100+0"),
      (#"{"aspect": "1:1", "forcesAspect": true}"#, "400x400+100+0"),
      (#"{"aspect": "9:16"}"#, "225x400+188+0"),
      (#"{"x": 0.5, "width": 0.5, "aspect": "4:3"}"#, "300x225+300+88"),
      (#"{"aspect": "free"}"#, "600x400+0+0"),
    ])
  func theAspectKeepsTheCentredRectangle(_ crop: String, _ geometry: String) throws {
    let dir = try CLI.scratch()
    let photo = dir.appendingPathComponent("photo.png")
    try Self.gradient(at: photo)
    let doc = dir.appendingPathComponent("edit.json")
    try Data(
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"operations":{"crop":\#(crop)}}"#
        .utf8
    ).write(to: doc)
    let ours = dir.appendingPathComponent("ours.png")
    let result = try CLI.run("edit", photo.path, "--doc", doc.path, "-o", ours.path)
    #expect(result.status == 0, "\(result.errors)")
    let theirs = dir.appendingPathComponent("theirs.png")
    _ = try Program.run(
      try #require(Oracle.path(of: "convert")),
      [photo.path, "-crop", geometry, "+repage", theirs.path], in: dir)
    let a = try ImageFile.read(ours).bitmap
    let b = try ImageFile.read(theirs).bitmap
    #expect("\(a.width)x\(a.height)" == geometry.prefix { $0 != "+" })
    #expect(a.width == b.width && a.height == b.height)
    #expect(psnr(a, b) == .infinity, "\(crop): the pixels differ from ImageMagick's crop")
  }
}
