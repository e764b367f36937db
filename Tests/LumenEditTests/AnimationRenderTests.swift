import Foundation
import LumenCore
import LumenEdit
import LumenFilters
import Testing

/// A frame of an animated document renders as the static document of that instant would, and
/// stills render an animated document as if it had no time.
@Suite struct AnimationRenderTests {
  let original = Image(
    bitmap: Bitmap(width: 96, height: 64, format: .rgb8) { bytes in
      for i in 0..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 10) }
    })

  let resources = EditResources(
    look: { _ in
      ColorCube(size: 9) { RGBA(red: 1 - $0.red, green: 1 - $0.green, blue: 1 - $0.blue) }
    },
    image: { _ in
      Image(color: RGBA(red: 0.9, green: 0.2, blue: 0.1, alpha: 1))
        .cropped(to: Rect(width: 8, height: 8))
    })

  func pixels(_ document: EditDocument) throws -> [UInt8] {
    try Renderer().bitmap(of: document.apply(to: original, resources: resources), format: .rgb8)
      .withUnsafeBytes { Array($0) }
  }

  /// Contrast, look, focus blur, vignette and overlay opacity all keyframed over an 8 s clip;
  /// the overlay shows from 2 s to 6 s.
  var animated: EditDocument {
    var d = EditDocument()
    d.look = LookChoice(id: "invert", intensity: 1)
    d.focus = FocusSettings(mode: .radial)
    d.vignette = VignetteSettings(intensity: 0.5)
    d.overlay = OverlaySettings(
      image: "red.png", blendMode: .multiply, opacity: 1,
      timeSpan: TimeSpan(base: .seconds, start: 2, duration: 4))
    d.animations[.contrast] = KeyframeTrack(
      base: .normalized, keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 0.8)])
    d.animations[.lookIntensity] = KeyframeTrack(
      base: .seconds, keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 4, value: 1)],
      interpolation: .easeInOut)
    d.animations[.focusBlur] = KeyframeTrack(
      base: .seconds, keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 2, value: 0.04)],
      interpolation: .hold)
    d.animations[.vignetteIntensity] = KeyframeTrack(
      base: .normalized, keyframes: [Keyframe(time: 0.5, value: -1), Keyframe(time: 1, value: 1)])
    d.animations[.overlayOpacity] = KeyframeTrack(
      base: .normalized,
      keyframes: [Keyframe(time: 0.25, value: 0), Keyframe(time: 0.75, value: 1)]
    )
    return d
  }

  /// The static document an editor would build for `time` seconds, with the values worked out
  /// by hand.
  func still(contrast: Double, look: Double, blur: Double, vignette: Double, overlay: Double?)
    -> EditDocument
  {
    var d = EditDocument()
    d.adjustments.contrast = contrast
    d.look = LookChoice(id: "invert", intensity: look)
    var focus = FocusSettings(mode: .radial)
    focus.blur = blur
    d.focus = focus
    d.vignette = VignetteSettings(intensity: vignette)
    if let overlay {
      d.overlay = OverlaySettings(image: "red.png", blendMode: .multiply, opacity: overlay)
    }
    return d
  }

  @Test func framesRenderAsTheStaticDocumentOfTheirInstant() throws {
    // 3 s of 8 s = 0.375: contrast 0.3; look w = 0.75, smoothstep 0.84375; blur held at
    // 0.04 since 2 s; vignette before its first keyframe, -1; overlay shown, (0.375 - 0.25) / 0.5.
    let frame = animated.resolved(at: .seconds(3), clipDuration: 8)
    let expected = still(contrast: 0.3, look: 0.84375, blur: 0.04, vignette: -1, overlay: 0.25)
    #expect(try pixels(frame) == pixels(expected))
    // 7 s = 0.875: contrast 0.7, look 1, vignette 0.5, overlay hidden (after 6 s).
    let late = animated.resolved(at: .normalized(0.875), clipDuration: 8)
    let lateExpected = still(contrast: 0.7, look: 1, blur: 0.04, vignette: 0.5, overlay: nil)
    #expect(try pixels(late) == pixels(lateExpected))
    #expect(try pixels(frame) != pixels(late))
    // Values computed as above, to the last bit or nearly: the documents themselves agree.
    for (a, b) in [(frame, expected), (late, lateExpected)] {
      for parameter in EditParameter.all {
        let (x, y) = (parameter.value(in: a), parameter.value(in: b))
        #expect((x == nil) == (y == nil), "\(parameter)")
        if let x, let y { #expect(abs(x - y) < 1e-12, "\(parameter): \(x) vs \(y)") }
      }
    }
  }

  @Test func theFirstFrameOfAFadeIsTheUnfadedImage() throws {
    var fade = EditDocument()
    fade.look = LookChoice(id: "invert")
    fade.animations[.lookIntensity] = KeyframeTrack(
      base: .normalized, keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1)])
    var none = EditDocument()
    none.look = LookChoice(id: "invert", intensity: 0)
    var full = EditDocument()
    full.look = LookChoice(id: "invert", intensity: 1)
    #expect(try pixels(fade.resolved(at: .seconds(0), clipDuration: 5)) == pixels(none))
    #expect(try pixels(fade.resolved(at: .seconds(5), clipDuration: 5)) == pixels(full))
    #expect(try pixels(none) != pixels(full))
  }

  @Test func stillsRenderTheStaticValuesAndEveryLayer() throws {
    var photo = animated
    photo.animations = [:]
    photo.overlay?.timeSpan = nil
    #expect(try pixels(animated) == pixels(photo))
    #expect(try pixels(animated) != pixels(animated.resolved(at: .seconds(0), clipDuration: 8)))
  }
}
