import Foundation
import LumenCore
import LumenEdit
import LumenFilters
import Testing

@Suite struct FocusAndOverlayTests {
  let original = Image(
    bitmap: Bitmap(width: 160, height: 120, format: .rgb8) { bytes in
      for i in 0..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 9) }
    })

  func render(_ image: Image) throws -> Bitmap { try Renderer().bitmap(of: image, format: .rgb8) }

  @Test(arguments: FocusSettings.Mode.allCases)
  func focusIsSharpAtTheCentreAndBlurredFarAway(_ mode: FocusSettings.Mode) throws {
    var d = EditDocument()
    var focus = FocusSettings(mode: mode)
    focus.size = 0.2
    focus.fade = 0.1
    focus.blur = 0.03
    d.focus = focus
    let out = try render(d.apply(to: original))
    let sharp = try render(original)
    let blurred = try render(GaussianBlur(sigma: 0.03 * 120).apply(to: original))
    #expect(out.sample(x: 80, y: 60) == sharp.sample(x: 80, y: 60))
    // Far from the centre (for linear: far along the normal, i.e. downwards at angle 0).
    let (fx, fy) = mode == .linear ? (80, 119) : (0, 119)
    #expect(
      zip(out.sample(x: fx, y: fy), blurred.sample(x: fx, y: fy)).allSatisfy { abs($0 - $1) < 0.01 }
    )
  }

  /// Focus and clarity blur in fractions of the picture, beyond the Gaussian Blur filter's
  /// 200 px on large photos, and the document still applies (it failed with "sigma = 750 is
  /// out of range" before): focus on a 4000 x 3000 picture renders (a flat one stays flat),
  /// clarity's surround on a 12000 px one (sigma 240) is accepted.
  @Test func wideDocumentBlursApplyToLargePictures() throws {
    func flat(_ side: Int) -> Image {
      Image(color: RGBA(red: 0.2, green: 0.5, blue: 0.7, alpha: 1))
        .cropped(to: Rect(width: side + side / 3, height: side))
    }
    var d = EditDocument()
    var focus = FocusSettings(mode: .radial)
    focus.blur = 0.25
    d.focus = focus
    let corner = Rect(width: 48, height: 48)
    let expected = try Renderer().bitmap(of: flat(3000), rect: corner, format: .rgb8)
    let out = try Renderer().bitmap(of: d.apply(to: flat(3000)), rect: corner, format: .rgb8)
    let (a, b) = (out.withUnsafeBytes { Array($0) }, expected.withUnsafeBytes { Array($0) })
    #expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    var clear = EditDocument()
    clear.adjustments.clarity = 0.5
    _ = try clear.apply(to: flat(12_000))
  }

  /// Across many tiles, some wholly sharp or wholly blurred (which skip the other image), the
  /// result is the sharp image mixed towards the blurred one by the documented mask.
  @Test(arguments: [FocusSettings.Mode.radial, .linear, .mirrored])
  func focusMixesByTheMaskEverywhere(_ mode: FocusSettings.Mode) throws {
    let (w, h) = (900, 300)
    let source = Image(
      bitmap: Bitmap(width: w, height: h, format: .rgb8) { bytes in
        for i in 0..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 9) }
      })
    var focus = FocusSettings(mode: mode)
    (focus.x, focus.y, focus.size, focus.fade, focus.blur, focus.angle) = (
      0.4, 0.6, 0.2, 0.15, 0.02, 30
    )
    var d = EditDocument()
    d.focus = focus
    let format = PixelFormat(hasAlpha: false, sample: .float32, transfer: .sRGB)
    func floats(_ image: Image) throws -> [Float] {
      let b = try Renderer().bitmap(of: image, format: format)
      return (0..<h).flatMap { y in (0..<w).flatMap { x in b.sample(x: x, y: y).prefix(3) } }
    }
    let out = try floats(d.apply(to: source))
    let sharp = try floats(source)
    let blurred = try floats(GaussianBlur(sigma: 0.02 * Double(h)).apply(to: source))
    let (cx, cy, unit) = (0.4 * Double(w), 0.6 * Double(h), Double(h))
    let (nx, ny) = (-sin(Double.pi / 6), cos(Double.pi / 6))
    var worst: Float = 0
    for y in 0..<h {
      for x in 0..<w {
        let (dx, dy) = ((Double(x) + 0.5 - cx) / unit, (Double(y) + 0.5 - cy) / unit)
        let along = dx * nx + dy * ny
        let distance =
          switch mode {
          case .radial: (dx * dx + dy * dy).squareRoot()
          case .linear: along
          default: abs(along)
          }
        let t = min(max((distance - 0.2) / 0.15, 0), 1)
        let m = Float(t * t * (3 - 2 * t))
        for c in 0..<3 {
          let i = (y * w + x) * 3 + c
          worst = max(worst, abs(out[i] - (sharp[i] + m * (blurred[i] - sharp[i]))))
        }
      }
    }
    #expect(worst < 1e-4)
  }

  @Test func overlayBlendsByModeAndOpacity() throws {
    let grey = Image(color: RGBA(gray: SRGB.decode(0.5))).cropped(to: Rect(width: 10, height: 10))
    let resources = EditResources(image: { _ in grey })
    var d = EditDocument()
    d.overlay = OverlaySettings(image: "grey.png", blendMode: .multiply, opacity: 1)
    let multiplied = try render(d.apply(to: original, resources: resources))
    let base = try render(original)
    for (x, y) in [(3, 4), (100, 50), (159, 119)] {
      for (m, b) in zip(multiplied.sample(x: x, y: y), base.sample(x: x, y: y)) {
        #expect(abs(m - b * 0.5) <= 1.0 / 255 + 1e-6)
      }
    }
    d.overlay = OverlaySettings(image: "grey.png", blendMode: .normal, opacity: 0.25)
    let mixed = try render(d.apply(to: original, resources: resources))
    for (m, b) in zip(mixed.sample(x: 100, y: 50), base.sample(x: 100, y: 50)) {
      #expect(abs(m - (0.75 * b + 0.25 * 0.5)) <= 1.0 / 255 + 1e-6)
    }
    d.overlay = OverlaySettings(image: "missing.png")
    // The overlay is the layer "overlay" since format 4; the error names it.
    #expect {
      try d.apply(to: original, resources: EditResources())
    } throws: { error in
      let failure = error as? LayerRenderError
      return failure?.id == "overlay"
        && failure?.reason as? EditRenderError == .missingImage("missing.png")
    }
  }
}

@Suite struct MagicTests {
  @Test func magicStretchesADullImageToTheFullRangeAndIsRepeatable() throws {
    // A dull, blue-cast gradient: levels 60...160 in red and green, 90...200 in blue.
    let dull = Image(
      bitmap: Bitmap(width: 200, height: 100, format: .rgb8) { bytes in
        for y in 0..<100 {
          for x in 0..<200 {
            let i = 3 * (y * 200 + x)
            bytes[i] = UInt8(60 + x / 2)
            bytes[i + 1] = UInt8(60 + x / 2)
            bytes[i + 2] = UInt8(90 + (x + y) / 3 + 10)
          }
        }
      })
    var d = EditDocument()
    d.magic = true
    let out = try Renderer().bitmap(of: d.apply(to: dull), format: .rgb8)
    let again = try Renderer().bitmap(of: d.apply(to: dull), format: .rgb8)
    let values = out.withUnsafeBytes { Array($0) }
    #expect(values == again.withUnsafeBytes { Array($0) })
    for c in 0..<3 {
      let channel = stride(from: c, to: values.count, by: 3).map { values[$0] }
      #expect(channel.min()! <= 3 && channel.max()! >= 252, "channel \(c)")
    }
  }
}
