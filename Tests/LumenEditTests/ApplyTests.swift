import Foundation
import LumenCore
import LumenEdit
import LumenFilters
import LumenLayers
import Testing

@Suite struct ApplyTests {
  let original = Image(
    bitmap: Bitmap(width: 200, height: 100, format: .rgb8) { bytes in
      for i in 0..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 11) }
    })

  func pixels(_ image: Image) throws -> [UInt8] {
    try Renderer().bitmap(of: image, format: .rgb8).withUnsafeBytes { Array($0) }
  }

  @Test func identityDocumentReturnsTheOriginal() throws {
    #expect(try pixels(EditDocument().apply(to: original)) == pixels(original))
  }

  /// A layer changes only the pixels it covers: the rest of the picture is, byte for byte,
  /// the render without it (the photo's colours are remembered as the output's bytes either
  /// way, and tiles no layer reaches are written straight from them).
  @Test func aLayerLeavesEveryOtherPixelAsItWas() throws {
    var plain = EditDocument()
    plain.adjustments.contrast = 0.3
    plain.adjustments.saturation = 0.4
    plain.adjustments.shadows = -1.5
    plain.adjustments.gamma = 1.3
    var layered = plain
    layered.layers = [
      Layer(
        id: "card",
        content: ShapeContent(
          shape: .ellipse, fill: LayerColor(red: 0.2, green: 0.4, blue: 1, alpha: 0.7)),
        transform: LayerTransform(x: 0.25, y: 0.4, width: 0.2, height: 0.3))
    ]
    let before = try Renderer().bitmap(of: plain.apply(to: original), format: .rgb8)
    let after = try Renderer().bitmap(of: layered.apply(to: original), format: .rgb8)
    // The ellipse's box: 30...70 x 25...55 on the 200 x 100 picture (shorter side 100), and a
    // pixel of antialiasing around it.
    let box = Rect(x: 29, y: 24, width: 42, height: 32)
    var changedOutside = 0
    var changedInside = 0
    for y in 0..<before.height {
      for x in 0..<before.width where before.sample(x: x, y: y) != after.sample(x: x, y: y) {
        if box.contains(Rect(x: x, y: y, width: 1, height: 1)) {
          changedInside += 1
        } else {
          changedOutside += 1
        }
      }
    }
    #expect(changedOutside == 0)
    #expect(changedInside > 500)
  }

  @Test func quarterTurnsAndFlipsMatchExifOrientations() throws {
    var d = EditDocument()
    d.orientation.quarterTurns = 1
    #expect(try pixels(d.apply(to: original)) == pixels(original.oriented(.right)))
    d.orientation = EditOrientation(quarterTurns: 0, flipsHorizontally: true)
    #expect(try pixels(d.apply(to: original)) == pixels(original.oriented(.upMirrored)))
    d.orientation = EditOrientation(quarterTurns: 2, flipsHorizontally: true)
    #expect(try pixels(d.apply(to: original)) == pixels(original.oriented(.downMirrored)))
  }

  @Test func cropIsNormalisedAndForcedAspectsCentre() throws {
    var d = EditDocument()
    d.crop = CropSettings(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
    let cropped = try d.apply(to: original)
    #expect(cropped.extent == Rect(width: 100, height: 50))
    #expect(
      try pixels(cropped)
        == pixels(original.cropped(to: Rect(x: 50, y: 25, width: 100, height: 50)).movedToOrigin()))
    d.crop = CropSettings(width: 1, height: 1, aspect: .square, forcesAspect: true)
    #expect(try d.apply(to: original).extent == Rect(width: 100, height: 100))
  }

  @Test func straightenLeavesNoEmptyCorner() throws {
    var d = EditDocument()
    d.crop = CropSettings(straighten: 10)
    let out = try Renderer().bitmap(of: d.apply(to: original), format: .rgba8)
    for (x, y) in [
      (0, 0), (out.width - 1, 0), (0, out.height - 1), (out.width - 1, out.height - 1),
    ] {
      #expect(out.sample(x: x, y: y)[3] == 1)
    }
  }

  @Test func adjustmentsAndLookApplyInTheFixedOrder() throws {
    var d = EditDocument()
    d.adjustments.contrast = 0.2
    d.adjustments.brightness = 0.05
    d.look = LookChoice(id: "invert", intensity: 0.5)
    let cube = ColorCube(size: 9) { RGBA(red: 1 - $0.red, green: 1 - $0.green, blue: 1 - $0.blue) }
    let resources = EditResources(look: { reference in
      guard reference.id == "invert" else { throw EditRenderError.missingLook(reference.id) }
      return cube
    })
    let expected = try original.filtered(by: [Brightness(amount: 0.05), Contrast(amount: 1.2)])
      .applying(cube, intensity: 0.5)
    #expect(try pixels(d.apply(to: original, resources: resources)) == pixels(expected))
    d.look = LookChoice(id: "nosuchlook")
    #expect(throws: EditRenderError.missingLook("nosuchlook")) {
      try d.apply(to: original, resources: resources)
    }
  }

  @Test func everySliderChangesTheImageAndRenderingIsRepeatable() throws {
    let before = try pixels(original)
    for slider in [
      "brightness", "contrast", "saturation", "exposure", "gamma", "highlights",
      "shadows", "blacks", "whites", "clarity", "temperature", "tint", "vibrance",
      "sharpness",
    ] {
      let value = slider == "gamma" ? 1.5 : 0.6
      let json =
        #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {"adjustments": {"\#(slider)": \#(value)}}}"#
      let d = try EditDocument(json: Data(json.utf8))
      let once = try pixels(d.apply(to: original))
      let twice = try pixels(d.apply(to: original))
      #expect(once != before, "\(slider) did nothing")
      #expect(once == twice)
    }
  }
}
