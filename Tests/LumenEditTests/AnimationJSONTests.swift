import Foundation
import LumenEdit
import Testing

/// Time in the JSON: the shape pinned by a fixture, exact round trips, the version each
/// document is written at, and an error naming the JSON path for every malformed value.
@Suite struct AnimationJSONTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
  }

  /// `operations` and `animations` in a document of `version`.
  func json(_ operations: String, animations: String? = nil, version: Int = 3) -> Data {
    let extra = animations.map { #", "animations": \#($0)"# } ?? ""
    return Data(
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": \#(version), "operations": \#(operations)\#(extra)}"#
        .utf8)
  }

  @Test func theVersion3FixtureReadsAndMigratesToVersion4() throws {
    let data = try fixture("version3.json")
    let d = try EditDocument(json: data)
    #expect(
      d.animations[.contrast]
        == KeyframeTrack(
          base: .seconds,
          keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 2.5, value: 0.4)],
          interpolation: .hold))
    #expect(
      d.animations[.lookIntensity]
        == KeyframeTrack(
          base: .normalized,
          keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 0.25, value: 1)],
          interpolation: .easeInOut))
    #expect(d.animations[.overlayOpacity]?.interpolation == .linear)
    #expect(d.animations.count == 3)
    #expect(d.overlay?.timeSpan == TimeSpan(base: .seconds, start: 2, duration: 3))
    // The overlay's track follows it to the layer; paths use slashes.
    let written = String(decoding: d.jsonData(), as: UTF8.self)
    #expect(
      written.contains(#""layers/overlay/opacity""#) && written.contains(#""formatVersion": 4"#))
    #expect(try EditDocument(json: d.jsonData()) == d)
  }

  @Test func documentsWithoutTimeAreWrittenAsVersion4() throws {
    // Written by the build before time existed (the full stack of operations).
    let data = try fixture("version2.json")
    let d = try EditDocument(json: data)
    #expect(!d.isAnimated && d.requiredFormatVersion == 4)
    #expect(try EditDocument(json: d.jsonData()) == d)
    #expect(EditDocument().requiredFormatVersion == 4)
  }

  @Test func animatedDocumentsRoundTripExactly() throws {
    var d = EditDocument()
    d.vignette = VignetteSettings(intensity: 0.25)
    d.focus = FocusSettings(mode: .linear)
    d.overlay = OverlaySettings(
      image: "a.png",
      timeSpan: TimeSpan(base: .normalized, start: 0.1, duration: 0.30000000000000004))
    d.animations[.vignetteRadius] = KeyframeTrack(
      base: .seconds,
      keyframes: [Keyframe(time: 0.1, value: 0.2), Keyframe(time: 1e6, value: 1.4999999999999998)])
    d.animations[.focusAngle] = KeyframeTrack(
      base: .normalized, keyframes: [Keyframe(time: 1 / 3, value: -359.5)], interpolation: .hold)
    d.animations[.gamma] = KeyframeTrack(
      base: .normalized, keyframes: [Keyframe(time: 0, value: 0.5), Keyframe(time: 1, value: 2)])
    let data = d.jsonData()
    let again = try EditDocument(json: data)
    #expect(again == d)
    #expect(again.jsonData() == data)
    // An open-ended span has no duration in the JSON.
    d.overlay?.timeSpan = TimeSpan(base: .seconds, start: 4)
    #expect(try EditDocument(json: d.jsonData()) == d)
    #expect(!String(decoding: d.jsonData(), as: UTF8.self).contains("duration"))
  }

  @Test func interpolationDefaultsToLinearAndStartToZero() throws {
    let d = try EditDocument(
      json: json(
        #"{"overlay": {"image": "a.png", "timeSpan": {"base": "normalized", "duration": 0.5}}}"#,
        animations:
          #"{"overlay.opacity": {"base": "seconds", "keyframes": [{"time": 1, "value": 0}]}}"#
      ))
    #expect(d.animations[.overlayOpacity]?.interpolation == .linear)
    #expect(d.overlay?.timeSpan == TimeSpan(base: .normalized, start: 0, duration: 0.5))
  }

  @Test func timeNeedsVersion3AndNewerVersionsCannotBeHandled() {
    let track = #"{"look.intensity": {"base": "seconds", "keyframes": [{"time": 0, "value": 1}]}}"#
    let look = #"{"look": {"id": "noir"}}"#
    for version in [1, 2] {
      #expect(
        throws: EditDocumentError.invalid(
          path: "formatVersion",
          problem: "time (animations, layer time spans) needs format version 3")
      ) { try EditDocument(json: json(look, animations: track, version: version)) }
    }
    let span = #"{"overlay": {"image": "a.png", "timeSpan": {"base": "seconds"}}}"#
    #expect(throws: EditDocumentError.self) { try EditDocument(json: json(span, version: 2)) }
    #expect(throws: Never.self) { try EditDocument(json: json(span, version: 3)) }
    do {
      _ = try EditDocument(json: json(look, animations: track, version: 5))
      Issue.record("version 5 was accepted")
    } catch {
      #expect(error.description.hasPrefix("cannot handle this adjustment data"), "\(error)")
    }
  }

  @Test func nanCannotBeWrittenInJSON() {
    let track =
      #"{"look.intensity": {"base": "seconds", "keyframes": [{"time": NaN, "value": 1}]}}"#
    #expect(throws: EditDocumentError.self) {
      try EditDocument(json: json(#"{"look": {"id": "noir"}}"#, animations: track))
    }
  }

  /// Malformed `animations` sections (over a document with a look and an overlay) and the
  /// path each error must name.
  static let malformedTracks: [(String, String)] = {
    let contrast = #"{"adjustments.contrast": {"base": "normalized", "keyframes": "#
    let track = "animations.adjustments/contrast"
    return [
      (#"{"adjustments.glow": {}}"#, "animations.adjustments/glow"),
      (#"{"crop.x": {}}"#, "animations.crop/x"),
      (
        #"{"vignette.radius": {"base": "seconds", "keyframes": [{"time": 0, "value": 1}]}}"#,
        "animations.vignette/radius"
      ),
      (#"[]"#, "animations"),
      (#"{"adjustments.contrast": 0.5}"#, track),
      (#"{"adjustments.contrast": {"keyframes": [{"time": 0, "value": 1}]}}"#, "\(track).base"),
      (#"{"adjustments.contrast": {"base": "frames", "keyframes": []}}"#, "\(track).base"),
      (#"{"adjustments.contrast": {"base": "seconds"}}"#, "\(track).keyframes"),
      (
        #"{"adjustments.contrast": {"base": "seconds", "speed": 2, "keyframes": []}}"#,
        "\(track).speed"
      ),
      (
        #"{"adjustments.contrast": {"base": "seconds", "interpolation": "cubic", "keyframes": [{"time": 0, "value": 1}]}}"#,
        "\(track).interpolation"
      ),
      (contrast + "[]}}", "\(track).keyframes"),
      (contrast + "{}}}", "\(track).keyframes"),
      (contrast + "[0.5]}}", "\(track).keyframes[0]"),
      (contrast + #"[{"time": 0}]}}"#, "\(track).keyframes[0].value"),
      (contrast + #"[{"value": 0}]}}"#, "\(track).keyframes[0].time"),
      (contrast + #"[{"time": 0, "value": 0, "ease": 1}]}}"#, "\(track).keyframes[0].ease"),
      (
        contrast + #"[{"time": 0, "value": 0}, {"time": 0.5, "value": 1.5}]}}"#,
        "\(track).keyframes[1].value"
      ),
      (contrast + #"[{"time": 0, "value": "high"}]}}"#, "\(track).keyframes[0].value"),
      (contrast + #"[{"time": 0, "value": true}]}}"#, "\(track).keyframes[0].value"),
      (
        contrast + #"[{"time": 0.5, "value": 0}, {"time": 0.2, "value": 1}]}}"#,
        "\(track).keyframes[1].time"
      ),
      (
        contrast + #"[{"time": 0.5, "value": 0}, {"time": 0.5, "value": 1}]}}"#,
        "\(track).keyframes[1].time"
      ),
      (
        contrast + #"[{"time": 0, "value": 0}, {"time": 1.5, "value": 1}]}}"#,
        "\(track).keyframes[1].time"
      ),
      (contrast + #"[{"time": -1, "value": 0}]}}"#, "\(track).keyframes[0].time"),
      (contrast + #"[{"time": 1e400, "value": 0}]}}"#, "document"),
      (
        #"{"adjustments.contrast": {"base": "seconds", "keyframes": [{"time": -0.5, "value": 0}]}}"#,
        "\(track).keyframes[0].time"
      ),
    ]
  }()

  @Test(arguments: malformedTracks)
  func malformedTracksNameTheirPath(_ animations: String, _ path: String) {
    expectError(
      at: path,
      json(#"{"look": {"id": "noir"}, "overlay": {"image": "a.png"}}"#, animations: animations))
  }

  @Test(arguments: [
    (#"{"base": "seconds", "end": 3}"#, "layers[0].timeSpan.end"),
    (#"{"start": 1}"#, "layers[0].timeSpan.base"),
    (#"{"base": "minutes"}"#, "layers[0].timeSpan.base"),
    (#"{"base": "seconds", "start": -1}"#, "layers[0].timeSpan.start"),
    (#"{"base": "seconds", "duration": 0}"#, "layers[0].timeSpan.duration"),
    (#"{"base": "seconds", "duration": "long"}"#, "layers[0].timeSpan.duration"),
    (#"{"base": "normalized", "start": 1.25}"#, "layers[0].timeSpan.start"),
    (#"{"base": "normalized", "start": 0.5, "duration": 0.75}"#, "layers[0].timeSpan"),
    (#"[2, 3]"#, "layers[0].timeSpan"),
  ])
  func malformedTimeSpansNameTheirPath(_ span: String, _ path: String) {
    expectError(at: path, json(#"{"overlay": {"image": "a.png", "timeSpan": \#(span)}}"#))
  }

  func expectError(at path: String, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation)
  {
    do {
      _ = try EditDocument(json: data)
      Issue.record(
        "accepted \(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
    } catch {
      guard case .invalid(let location, _) = error else {
        Issue.record("wrong error \(error)", sourceLocation: sourceLocation)
        return
      }
      #expect(
        (location.isEmpty ? "document" : location) == path, "\(error)",
        sourceLocation: sourceLocation)
    }
  }

  /// Static values are checked against the same table of ranges as keyframes.
  @Test(arguments: EditParameter.all)
  func staticValuesAreCheckedAgainstTheParameterRanges(_ parameter: EditParameter) {
    let present: [String: String] = [
      "adjustments": "", "look": #""id": "noir""#, "focus": #""mode": "radial""#,
      "vignette": "",
    ]
    func operations(_ value: Double) -> String {
      let others = present[parameter.operation] ?? ""
      let members = (others.isEmpty ? "" : others + ", ") + #""\#(parameter.name)": \#(value)"#
      return #"{"\#(parameter.operation)": {\#(members)}}"#
    }
    let (low, high) = (parameter.range.lowerBound, parameter.range.upperBound)
    #expect(throws: Never.self) { try EditDocument(json: json(operations(low))) }
    #expect(throws: Never.self) { try EditDocument(json: json(operations(high))) }
    let path = "operations.\(parameter.operation).\(parameter.name)"
    expectError(at: path, json(operations(high + 0.01)))
    expectError(at: path, json(operations(low - 0.01)))
  }
}
