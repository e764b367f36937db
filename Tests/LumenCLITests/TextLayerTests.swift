import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// Text layers in edit documents: drawn where their box is at every scale, and a font that
/// cannot be found fails the render naming it.
struct TextLayerTests {
  static var fontsInstalled: Bool {
    FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
  }

  static func document(font: String, text: String = "Lumen text layer") -> String {
    """
    {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
     {"id":"title","kind":"text","text":"\(text)","font":"\(font)","size":0.12,
      "color":[0.1,0.2,0.6,1],"alignment":"center",
      "transform":{"x":0.5,"y":0.45,"width":1.2,"rotation":-5}}]}
    """
  }

  /// A preview (long side 300) equals the export (1200) scaled down to it: the text is laid
  /// out again at the preview's size, so glyph edges differ a little, nothing more.
  @Test(.enabled(if: fontsInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func previewMatchesTheExportScaledDown() throws {
    let (a, b) = try Self.previewAndScaledExport(
      of: Self.document(font: "DejaVu Sans:style=Bold"), onGrey: 1200, 800)
    let ink = samples(of: a).filter { $0 < 0.5 }.count
    #expect(ink > 300, "the preview shows the text (\(ink) dark samples)")
    #expect(psnr(a, b) >= 35, "\(psnr(a, b)) dB")
  }

  /// A shadow blurs as wide as its document asks at any size: on a 2400 x 1600 photo a
  /// shadow of half a 480 px font (sigma 240) is the 300 px preview's (sigma 30) at full size,
  /// 39 dB apart; it used to stop at 200 px, narrower than the preview shows (36 dB).
  @Test(.enabled(if: fontsInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func aWideShadowIsThePreviewsAtFullSize() throws {
    let (a, b) = try Self.previewAndScaledExport(
      of: """
        {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
         {"id":"t","kind":"text","text":"Shade","font":"DejaVu Sans:style=Bold","size":0.3,
          "color":[0.92,0.92,0.92,1],"shadow":[0,0,0,1],"shadowX":0,"shadowY":0,"shadowBlur":0.5,
          "transform":{"x":0.5,"y":0.5,"width":0.9}}]}
        """, onGrey: 2400, 1600)
    let shade = samples(of: a).filter { $0 < 0.8 }.count
    #expect(shade > 1000, "the preview shows the shadow (\(shade) darker samples)")
    #expect(psnr(a, b) >= 38, "\(psnr(a, b)) dB")
  }

  /// The 300 px preview of `document` over a flat light grey `width` x `height` photo, and the
  /// export scaled down to it.
  static func previewAndScaledExport(of document: String, onGrey width: Int, _ height: Int)
    throws -> (preview: Bitmap, scaled: Bitmap)
  {
    let folder = try CLI.scratch()
    let photo = folder.appendingPathComponent("plain.png")
    let grey = Bitmap(width: width, height: height, format: .rgb8) { bytes in
      for index in bytes.indices { bytes[index] = 235 }
    }
    try ImageFile.write(grey, to: photo)
    let doc = folder.appendingPathComponent("doc.json")
    try Data(document.utf8).write(to: doc)
    return try CLI.previewAndScaledExport(photo: photo, document: doc)
  }

  /// A family that is not installed, or a file that is not there, fails the render with the
  /// name the document gave; nothing is written.
  @Test(.enabled(if: fontsInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func aMissingFontFailsNamingIt() throws {
    let folder = try CLI.scratch()
    let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let output = folder.appendingPathComponent("out.jpg")
    for font in ["No Such Family", "fonts/missing.ttf"] {
      let doc = folder.appendingPathComponent("doc.json")
      try Data(Self.document(font: font).utf8).write(to: doc)
      let result = try CLI.run("edit", photo, "--doc", doc.path, "-o", output.path)
      #expect(result.status == 1, "\(font): \(result.errors)")
      #expect(result.errors.contains(font), "\(font): \(result.errors)")
      #expect(result.errors.split(separator: "\n").count == 1)
      #expect(!FileManager.default.fileExists(atPath: output.path))
    }
  }

  /// A background card, a shadow and an outline go behind the text: on a light grey canvas,
  /// white text alone leaves no red and no dark pixel; with a red card there are red ones
  /// around it, with a black shadow dark ones beside it, with a red outline a red ring.
  @Test(.enabled(if: fontsInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func backgroundAndShadowGoBehindTheText() throws {
    let folder = try CLI.scratch()
    let photo = folder.appendingPathComponent("plain.png")
    try ImageFile.write(
      Bitmap(width: 600, height: 400, format: .rgb8) { bytes in
        for index in bytes.indices { bytes[index] = 235 }
      }, to: photo)
    func render(_ style: String) throws -> (red: Int, dark: Int) {
      let doc = folder.appendingPathComponent("styled.json")
      try Data(
        """
        {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
         {"id":"t","kind":"text","text":"Styled","font":"DejaVu Sans:style=Bold","size":0.15,
          "color":[1,1,1,1]\(style),"transform":{"x":0.5,"y":0.5,"width":0.8}}]}
        """.utf8
      ).write(to: doc)
      let output = folder.appendingPathComponent("styled.png")
      let result = try CLI.run(
        "edit", photo.path, "--doc", doc.path, "-o", output.path, "--overwrite")
      #expect(result.status == 0, "\(result.errors)")
      let pixels = samples(of: try ImageFile.read(output).bitmap)
      var (red, dark) = (0, 0)
      for index in stride(from: 0, to: pixels.count, by: 3) {
        let (r, g, b) = (pixels[index], pixels[index + 1], pixels[index + 2])
        if r > 0.6, g < 0.4, b < 0.4 { red += 1 }
        if r < 0.45, g < 0.45, b < 0.45 { dark += 1 }
      }
      return (red, dark)
    }
    let plain = try render("")
    #expect(plain.red == 0 && plain.dark == 0, "\(plain)")
    let card = try render(#","background":[0.9,0.1,0.1,1],"padding":0.3"#)
    #expect(card.red > 5000 && card.dark == 0, "\(card)")
    let shadowed = try render(
      #","shadow":[0,0,0,1],"shadowX":0.08,"shadowY":0.08,"shadowBlur":0.02"#)
    #expect(shadowed.dark > 500 && shadowed.red == 0, "\(shadowed)")
    // A red outline a tenth of the size wide: a ring of red around the white letters,
    // wider for a wider outline.
    let outlined = try render(#","outline":[0.9,0.1,0.1,1],"outlineWidth":0.05"#)
    let wider = try render(#","outline":[0.9,0.1,0.1,1],"outlineWidth":0.1"#)
    #expect(outlined.red > 1000 && outlined.dark == 0, "\(outlined)")
    #expect(wider.red > outlined.red * 3 / 2, "\(outlined) \(wider)")
  }
}
