import Foundation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenLayers
import Testing

/// Layers on the canvas: keyframes, hidden layers, time spans, and one document at any scale.
@Suite struct LayerRenderTests {
  /// A flat mid-grey 200 x 100 canvas.
  let canvas = Image(color: RGBA(gray: SRGB.decode(0.5))).cropped(to: Rect(width: 200, height: 100))
  let red = LayerColor(red: 1, green: 0, blue: 0)

  func render(
    _ document: EditDocument, over image: Image? = nil, resources: EditResources = .init()
  )
    throws -> Bitmap
  {
    try Renderer().bitmap(
      of: document.apply(to: image ?? canvas, resources: resources), format: .rgb8)
  }

  func isRed(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool {
    let p = b.sample(x: x, y: y)
    return p[0] > 0.95 && p[1] < 0.05 && p[2] < 0.05
  }

  /// A red square 0.2 of the shorter side (20 px) whose x and opacity are keyframed.
  var moving: EditDocument {
    var d = EditDocument()
    d.layers = [
      Layer(
        id: "box", content: ShapeContent(shape: .rectangle, fill: red),
        transform: LayerTransform(x: 0.25, y: 0.5, width: 0.2, height: 0.2))
    ]
    if let x = EditParameter(path: "layers/box/transform/x", in: d),
      let opacity = EditParameter(path: "layers/box/opacity", in: d)
    {
      d.animations[x] = KeyframeTrack(
        base: .normalized,
        keyframes: [Keyframe(time: 0, value: 0.25), Keyframe(time: 1, value: 0.75)])
      d.animations[opacity] = KeyframeTrack(
        base: .seconds, keyframes: [Keyframe(time: 0, value: 1), Keyframe(time: 4, value: 0)])
    }
    return d
  }

  @Test func keyframedOpacityAndTransformXAtTwoInstants() throws {
    let d = moving
    #expect(d.animations.count == 2)
    let start = d.resolved(at: .seconds(0), clipDuration: 4)
    let middle = d.resolved(at: .seconds(2), clipDuration: 4)
    #expect(start.layers[0].transform?.x == 0.25 && start.layers[0].opacity == 1)
    #expect(middle.layers[0].transform?.x == 0.5 && middle.layers[0].opacity == 0.5)
    let a = try render(start)
    let b = try render(middle)
    // At 0 s the square is opaque around x = 50; at 2 s half-transparent around x = 100.
    #expect(isRed(a, 50, 50) && !isRed(a, 100, 50))
    #expect(!isRed(b, 50, 50) && b.sample(x: 50, y: 50) == a.sample(x: 150, y: 50))
    let half = b.sample(x: 100, y: 50)
    #expect(abs(half[0] - 0.75) < 0.01 && abs(half[1] - 0.25) < 0.01, "\(half)")
  }

  @Test func hiddenLayersAreNotDrawn() throws {
    var d = moving
    d.animations = [:]
    let drawn = try render(d)
    d.layers[0].hidden = true
    let hidden = try render(d)
    #expect(isRed(drawn, 50, 50))
    let plain = try render(EditDocument())
    #expect(hidden.withUnsafeBytes { Array($0) } == plain.withUnsafeBytes { Array($0) })
  }

  @Test func timeSpansShowLayersOnlyInsideThem() throws {
    var d = moving
    d.animations = [:]
    d.layers[0].timeSpan = TimeSpan(base: .seconds, start: 1, duration: 2)
    #expect(d.isAnimated)
    for (time, shown) in [(0.5, false), (1.0, true), (2.9, true), (3.0, false)] {
      let still = d.resolved(at: .seconds(time), clipDuration: 10)
      #expect(still.layers.count == (shown ? 1 : 0), "\(time)")
      #expect(isRed(try render(still), 50, 50) == shown, "\(time)")
    }
  }

  @Test func stretchedLayersCoverTheCanvas() throws {
    var d = EditDocument()
    d.layers = [Layer(id: "wash", content: ShapeContent(shape: .rectangle, fill: red))]
    let out = try render(d)
    #expect(isRed(out, 0, 0) && isRed(out, 199, 99) && isRed(out, 100, 50))
  }

  /// A sticker's own sliders follow Core Image's CIColorControls formulas on its encoded
  /// colour (brightness adds, contrast scales about 0.5, saturation mixes with Rec. 709 luma),
  /// each alone and all three in that order, and leave the photo under it alone.
  @Test(arguments: [
    (0.2, 0.0, 0.0), (0.0, 0.5, 0.0), (0.0, 0.0, 0.8), (-0.1, 0.3, -0.6),
  ])
  func stickerSlidersFollowTheColorControlsFormulas(
    brightness: Double, contrast: Double, saturation: Double
  ) throws {
    let colour = [0.4, 0.3, 0.2]
    let sticker = Image(
      bitmap: Bitmap(width: 8, height: 8, format: .rgb8) { bytes in
        for i in 0..<bytes.count { bytes[i] = UInt8(colour[i % 3] * 255) }
      })
    var adjustments = Adjustments()
    adjustments.brightness = brightness
    adjustments.contrast = contrast
    adjustments.saturation = saturation
    var d = EditDocument()
    d.layers = [
      Layer(
        id: "s", content: ImageContent(source: "flat.png", adjustments: adjustments),
        transform: LayerTransform(x: 0.5, y: 0.5, width: 0.5, height: 0.5))
    ]
    let out = try render(d, resources: EditResources(image: { _ in sticker }))
    var c = colour.map { Double(UInt8($0 * 255)) / 255 }
    c = c.map { $0 + brightness }
    c = c.map { ($0 - 0.5) * (1 + contrast) + 0.5 }
    let luma = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    c = c.map { luma + (1 + saturation) * ($0 - luma) }
    let got = out.sample(x: 100, y: 50)
    for channel in 0..<3 {
      let expected = min(max(c[channel], 0), 1)
      #expect(
        abs(Double(got[channel]) - expected) <= 1.01 / 255, "channel \(channel): \(got) \(c)")
    }
    // The grey photo beside the sticker is as it was.
    #expect(abs(out.sample(x: 10, y: 10)[0] - 0.5) <= 1 / 255)
  }

  /// The same document over a photo: rendered full size and reduced, or rendered over the
  /// reduced photo (a preview), within 40 dB.
  @Test func previewEqualsTheReducedExport() throws {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")
    let photo = try Photo(contentsOf: samples.appendingPathComponent("coffee.jpg")).image
    let sticker = try Photo(contentsOf: samples.appendingPathComponent("chelsea.jpg")).image
    let resources = EditResources(image: { _ in sticker })
    var d = EditDocument()
    d.adjustments.contrast = 0.2
    d.layers = [
      Layer(
        id: "wash", content: ImageContent(source: "chelsea.jpg"), opacity: 0.3,
        blendMode: .softLight),
      Layer(
        id: "sticker", content: ImageContent(source: "chelsea.jpg"),
        transform: LayerTransform(x: 0.7, y: 0.35, width: 0.5, height: 0.35, rotation: 12)),
      Layer(
        id: "badge",
        content: ShapeContent(
          shape: .roundedRectangle, cornerRadius: 0.25,
          fill: LayerColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.7), stroke: red,
          strokeWidth: 0.02),
        transform: LayerTransform(x: 0.3, y: 0.7, width: 0.4, height: 0.25, rotation: -20)),
      Layer(
        id: "ring", content: ShapeContent(shape: .ellipse, stroke: red, strokeWidth: 0.03),
        transform: LayerTransform(x: 0.5, y: 0.5, width: 0.6, height: 0.6), blendMode: .screen),
    ]
    let full = photo.extent
    let (w, h) = (full.width / 4, full.height / 4)
    let exported = try Renderer().bitmap(
      of: d.apply(to: photo, resources: resources).resized(width: w, height: h), format: .rgb8)
    let preview = try Renderer().bitmap(
      of: d.apply(to: photo.resized(width: w, height: h), resources: resources), format: .rgb8)
    let db = psnr(exported, preview)
    print("layers preview vs reduced export: \(db) dB")
    #expect(db >= 40)
  }
}

/// Peak signal-to-noise ratio in dB of two 8-bit RGB bitmaps of one size.
func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
  guard a.width == b.width, a.height == b.height else { return 0 }
  var squared = 0.0
  for y in 0..<a.height {
    for x in 0..<a.width {
      for (p, q) in zip(a.sample(x: x, y: y).prefix(3), b.sample(x: x, y: y).prefix(3)) {
        squared += Double((p - q) * 255) * Double((p - q) * 255)
      }
    }
  }
  let mse = squared / Double(3 * a.width * a.height)
  return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
