import Foundation
import LumenCore
import LumenEdit
import Testing

/// Keyframe interpolation, time bases and layer time spans, against values worked out by hand.
@Suite struct KeyframeTrackTests {
  /// 0 at 0.2, 1 at 0.6, 0.5 at 1 (normalised).
  func track(_ interpolation: KeyframeTrack.Interpolation) -> KeyframeTrack {
    KeyframeTrack(
      base: .normalized,
      keyframes: [
        Keyframe(time: 0.2, value: 0), Keyframe(time: 0.6, value: 1), Keyframe(time: 1, value: 0.5),
      ],
      interpolation: interpolation)
  }

  @Test func linearMovesAtConstantSpeed() {
    let t = track(.linear)
    // w = (0.3 - 0.2) / 0.4 = 0.25; (0.8 - 0.6) / 0.4 = 0.5 of the way from 1 to 0.5.
    #expect(abs(t.value(at: 0.3)! - 0.25) < 1e-12)
    #expect(abs(t.value(at: 0.5)! - 0.75) < 1e-12)
    #expect(abs(t.value(at: 0.8)! - 0.75) < 1e-12)
  }

  @Test func keyframesAreMetExactlyAndTheEndsHold() {
    for interpolation in KeyframeTrack.Interpolation.allCases {
      let t = track(interpolation)
      #expect(t.value(at: 0.2) == 0 && t.value(at: 0.6) == 1 && t.value(at: 1) == 0.5)
      #expect(t.value(at: 0) == 0 && t.value(at: 0.1) == 0, "before the first keyframe")
      #expect(t.value(at: 7) == 0.5, "after the last keyframe")
    }
  }

  @Test func holdCutsAtTheNextKeyframe() {
    let t = track(.hold)
    #expect(t.value(at: 0.599) == 0)
    #expect(t.value(at: 0.6) == 1)
    #expect(t.value(at: 0.99) == 1)
  }

  @Test func easeInOutIsSmoothstep() {
    let t = track(.easeInOut)
    // w = 0.25: 3/16 - 2/64 = 0.15625; w = 0.5: 0.5; w = 0.75: 27/16 - 54/64 = 0.84375.
    #expect(abs(t.value(at: 0.3)! - 0.15625) < 1e-12)
    #expect(abs(t.value(at: 0.4)! - 0.5) < 1e-12)
    #expect(abs(t.value(at: 0.5)! - 0.84375) < 1e-12)
    // Downhill from 1 to 0.5, w = 0.25: 1 - 0.5 * 0.15625.
    #expect(abs(t.value(at: 0.7)! - 0.921875) < 1e-12)
  }

  @Test func oneKeyframeIsAConstantAndNoneIsNothing() {
    let constant = KeyframeTrack(base: .seconds, keyframes: [Keyframe(time: 3, value: 0.4)])
    #expect(constant.value(at: 0) == 0.4 && constant.value(at: 3) == 0.4)
    #expect(constant.value(at: 100) == 0.4)
    #expect(KeyframeTrack(base: .seconds, keyframes: []).value(at: 1) == nil)
  }

  @Test func blendsStayBetweenTheirKeyframes() {
    // a(1 - s) + bs rounds above b for some equal pairs; the value must stay in range.
    let flat = KeyframeTrack(
      base: .normalized,
      keyframes: [Keyframe(time: 0, value: 0.7), Keyframe(time: 1, value: 0.7)])
    for i in 0...1000 {
      #expect(flat.value(at: Double(i) / 1000) == 0.7)
    }
  }
}

@Suite struct ResolvedDocumentTests {
  /// A look track in seconds and a contrast track normalised, over a 10 s clip.
  var animated: EditDocument {
    var d = EditDocument()
    d.look = LookChoice(id: "noir", intensity: 1)
    d.animations[.lookIntensity] = KeyframeTrack(
      base: .seconds, keyframes: [Keyframe(time: 2, value: 0), Keyframe(time: 6, value: 1)])
    d.animations[.contrast] = KeyframeTrack(
      base: .normalized,
      keyframes: [Keyframe(time: 0, value: -0.5), Keyframe(time: 0.5, value: 0.5)])
    return d
  }

  @Test func bothTimeBasesPlaceAnInstantInTheClip() {
    // 4 s of 10 s is 0.4: look (4 - 2) / 4 = 0.5, contrast -0.5 + 0.4 / 0.5 = 0.3.
    for time in [EditTime.seconds(4), .normalized(0.4)] {
      let still = animated.resolved(at: time, clipDuration: 10)
      #expect(abs(still.look!.intensity - 0.5) < 1e-12, "\(time)")
      #expect(abs(still.adjustments.contrast - 0.3) < 1e-12, "\(time)")
    }
    // The same instant in a 20 s clip is 0.2 of it, but 4 s is still 4 s.
    let longer = animated.resolved(at: .seconds(4), clipDuration: 20)
    #expect(abs(longer.look!.intensity - 0.5) < 1e-12)
    #expect(abs(longer.adjustments.contrast - (-0.1)) < 1e-12)
  }

  @Test func aTimeInTheTracksOwnBaseIsNotRoundedThroughTheOther() {
    var d = EditDocument()
    d.animations[.contrast] = KeyframeTrack(
      base: .normalized,
      keyframes: [
        Keyframe(time: 0, value: 0), Keyframe(time: 0.7, value: 0.2), Keyframe(time: 1, value: 1),
      ])
    // 0.7 * 3 / 3 is 0.6999999999999998, just before the keyframe.
    #expect(d.resolved(at: .normalized(0.7), clipDuration: 3).adjustments.contrast == 0.2)
  }

  @Test func timesOutsideTheClipAndDegenerateClipsAreClamped() {
    let start = animated.resolved(at: .seconds(0), clipDuration: 10)
    let end = animated.resolved(at: .seconds(10), clipDuration: 10)
    #expect(animated.resolved(at: .seconds(-3), clipDuration: 10) == start)
    #expect(animated.resolved(at: .normalized(.nan), clipDuration: 10) == start)
    #expect(animated.resolved(at: .seconds(12), clipDuration: 10) == end)
    #expect(animated.resolved(at: .normalized(1.5), clipDuration: 10) == end)
    #expect(end.adjustments.contrast == 0.5 && end.look?.intensity == 1)
    for duration in [0, -1, .infinity, .nan] {
      #expect(animated.resolved(at: .seconds(5), clipDuration: duration) == start, "\(duration)")
    }
  }

  /// A static document resolves to itself but for its pictures' playheads, advanced to the
  /// moment: they pick an animation's frame (a still picture ignores them).
  @Test func resolvedDocumentsHaveNoTimeAndStaticDocumentsResolveToThemselves() {
    let still = animated.resolved(at: .normalized(0.7), clipDuration: 3)
    #expect(animated.isAnimated && !still.isAnimated && still.animations.isEmpty)
    var plain = EditDocument()
    plain.adjustments.saturation = 0.4
    plain.overlay = OverlaySettings(image: "a.png", opacity: 0.5)
    #expect(!plain.isAnimated)
    var resolved = plain.resolved(at: .seconds(2), clipDuration: 4)
    #expect((resolved.layers.first?.content as? ImageContent)?.playhead == 2)
    resolved.layers = resolved.layers.map { layer in
      var rewound = layer
      rewound.content = ImageContent(source: "a.png")
      return rewound
    }
    #expect(resolved == plain)
  }

  @Test func trackedOperationsMissingFromTheDocumentAreLeftAlone() {
    var d = EditDocument()
    d.animations[.vignetteIntensity] = KeyframeTrack(
      base: .normalized, keyframes: [Keyframe(time: 0, value: 1)])
    #expect(d.resolved(at: .normalized(0.5), clipDuration: 1).vignette == nil)
  }

  @Test func everyParameterIsSetWhereItsPathSays() throws {
    var d = EditDocument()
    d.look = LookChoice(id: "noir", intensity: 0)
    d.focus = FocusSettings(mode: .radial)
    d.vignette = VignetteSettings()
    d.overlay = OverlaySettings(image: "a.png")
    #expect(Set(EditParameter.all.map(\.path)).count == EditParameter.all.count)
    for parameter in EditParameter.all {
      #expect(EditParameter(path: parameter.path) == parameter)
      let value = parameter.range.upperBound
      var changed = d
      parameter.set(value, in: &changed)
      #expect(parameter.value(in: changed) == value, "\(parameter)")
      // The JSON has the value at the parameter's path.
      let object = try JSONSerialization.jsonObject(with: changed.jsonData()) as? [String: Any]
      let operation = (object?["operations"] as? [String: Any])?[parameter.operation]
      #expect((operation as? [String: Any])?[parameter.name] as? Double == value, "\(parameter)")
    }
    #expect(EditParameter(path: "crop.x") == nil && EditParameter(path: "contrast") == nil)
  }
}

@Suite struct TimeSpanTests {
  func overlay(_ span: TimeSpan) -> EditDocument {
    var d = EditDocument()
    d.overlay = OverlaySettings(image: "logo.png", opacity: 0.7, timeSpan: span)
    return d
  }

  func shows(_ span: TimeSpan, at time: EditTime, clip: Double = 10) -> Bool {
    let still = overlay(span).resolved(at: time, clipDuration: clip)
    if let shown = still.overlay {
      #expect(shown == OverlaySettings(image: "logo.png", opacity: 0.7), "the span is dropped")
    }
    return still.overlay != nil
  }

  @Test func aSpanIncludesItsStartAndExcludesItsEnd() {
    let span = TimeSpan(base: .seconds, start: 2, duration: 3)
    #expect(!shows(span, at: .seconds(1.999)))
    #expect(shows(span, at: .seconds(2)))
    #expect(shows(span, at: .seconds(4.999)))
    #expect(!shows(span, at: .seconds(5)))
    #expect(shows(span, at: .normalized(0.3)) && !shows(span, at: .normalized(0.5)))
    // Back to back: the frame at 5 s shows the second layer only.
    #expect(shows(TimeSpan(base: .seconds, start: 5, duration: 2), at: .seconds(5)))
  }

  @Test func normalisedSpansScaleWithTheClip() {
    let middle = TimeSpan(base: .normalized, start: 0.25, duration: 0.5)
    #expect(shows(middle, at: .seconds(3), clip: 10) && !shows(middle, at: .seconds(3), clip: 20))
    #expect(shows(middle, at: .seconds(14), clip: 20) && !shows(middle, at: .seconds(16), clip: 20))
  }

  @Test func spansReachingTheEndIncludeIt() {
    #expect(shows(TimeSpan(base: .normalized, start: 0.75, duration: 0.25), at: .normalized(1)))
    #expect(shows(TimeSpan(base: .seconds, start: 8, duration: 2), at: .seconds(10)))
    #expect(shows(TimeSpan(base: .seconds, start: 8, duration: 5), at: .seconds(10)))
    #expect(shows(TimeSpan(base: .normalized, start: 0.5), at: .normalized(1)))
    #expect(!shows(TimeSpan(base: .seconds, start: 8, duration: 1), at: .seconds(10)))
    #expect(!shows(TimeSpan(base: .seconds, start: 11), at: .seconds(10)), "starts after the clip")
  }

  @Test func aSpanMakesTheDocumentAnimated() {
    let span = TimeSpan(base: .seconds, start: 2, duration: 3)
    #expect(overlay(span).isAnimated)
    #expect(span.contains(.seconds(2), clipDuration: 10))
    #expect(!span.contains(.seconds(5), clipDuration: 10))
  }
}
