import Foundation
import LumenEdit
import LumenFilters
import LumenLayers
import Testing

/// Format 4: layers in the JSON, migrations of the older versions, and errors that name paths.
@Suite struct LayerDocumentTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  func fixture(_ name: String) throws -> EditDocument {
    try EditDocument(json: Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
  }

  func json(operations: String = "{}", layers: String? = nil, animations: String? = nil) -> Data {
    let l = layers.map { #", "layers": \#($0)"# } ?? ""
    let a = animations.map { #", "animations": \#($0)"# } ?? ""
    return Data(
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": \#(operations)\#(l)\#(a)}"#
        .utf8)
  }

  @Test func theVersion4FixtureHasEveryFeatureAndRoundTrips() throws {
    let d = try fixture("version4.json")
    #expect(d.layers.map(\.id) == ["paper", "logo", "badge", "draft_mark-2"])
    #expect(d.layers[0].transform == nil && d.layers[0].blendMode == .softLight)
    #expect(d.layers[0].content as? ImageContent == ImageContent(source: "paper.png"))
    #expect(
      d.layers[1].transform
        == LayerTransform(x: 0.85, y: 0.12, width: 0.2, height: 0.1, rotation: -8))
    #expect(
      d.layers[1].content as? ImageContent
        == ImageContent(
          source: "logo.png", tint: .solid, tintColor: LayerColor(red: 1, green: 0.5, blue: 0),
          adjustments: {
            var sliders = Adjustments()
            sliders.brightness = 0.1
            sliders.saturation = -0.5
            return sliders
          }()))
    #expect(d.layers[1].timeSpan == TimeSpan(base: .seconds, start: 1, duration: 3))
    #expect(
      d.layers[2].content as? ShapeContent
        == ShapeContent(
          shape: .roundedRectangle, cornerRadius: 0.2,
          fill: LayerColor(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.9),
          stroke: LayerColor(red: 1, green: 1, blue: 1), strokeWidth: 0.01))
    #expect(d.layers[2].transform?.flipsVertically == true)
    #expect(d.layers[3].hidden && (d.layers[3].content as? ShapeContent)?.stroke == nil)
    let x = try #require(EditParameter(path: "layers/badge/transform/x", in: d))
    #expect(d.animations[x]?.keyframes.last?.value == 0.75)
    #expect(d.animations.count == 3)
    // The fixture is in the writer's form: written back byte for byte.
    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("version4.json"))
    #expect(d.jsonData() == data)
    // Read -> write -> read is the same document, and writing again the same bytes.
    let written = d.jsonData()
    let again = try EditDocument(json: written)
    #expect(again == d)
    #expect(again.jsonData() == written)
  }

  @Test func olderFixturesMigrateTheOverlayToAStretchedImageLayer() throws {
    let v2 = try fixture("version2.json")
    #expect(v2.layers.count == 1)
    let layer = try #require(v2.layers.first)
    #expect(layer.id == "overlay" && layer.transform == nil && !layer.hidden)
    #expect(layer.blendMode == .softLight && layer.opacity == 0.4 && layer.timeSpan == nil)
    #expect(layer.content as? ImageContent == ImageContent(source: "paper.png"))
    let v3 = try fixture("version3.json")
    #expect(v3.layers.first?.timeSpan == TimeSpan(base: .seconds, start: 2, duration: 3))
    #expect(v3.animations[.overlayOpacity]?.keyframes.count == 2)
    #expect(
      v3.animations.keys.map(\.path).sorted() == [
        "adjustments/contrast", "layers/overlay/opacity", "look/intensity",
      ])
    for name in ["version1.json", "version2.json", "version3.json", "version4.json"] {
      let d = try fixture(name)
      let written = d.jsonData()
      #expect(try EditDocument(json: written) == d, "\(name)")
      #expect(try EditDocument(json: written).jsonData() == written, "\(name)")
      #expect(String(decoding: written, as: UTF8.self).contains(#""formatVersion": 4"#))
    }
  }

  @Test func layerIdsAreUniqueAndOfTheirCharacterSet() {
    let shape = #""kind": "shape", "shape": "ellipse""#
    expectError(
      at: "layers[1].id", json(layers: #"[{"id": "a", \#(shape)}, {"id": "a", \#(shape)}]"#))
    for bad in ["", "a b", "é", "a/b", String(repeating: "x", count: 65)] {
      expectError(at: "layers[0].id", json(layers: #"[{"id": "\#(bad)", \#(shape)}]"#))
    }
    #expect(throws: Never.self) {
      try EditDocument(json: json(layers: #"[{"id": "A-z_09", \#(shape)}]"#))
    }
  }

  static let malformedLayers: [(String, String)] = [
    (#"{"id": "a", "kind": "shape", "shape": "ellipse", "opacity": 1.5}"#, "layers[0].opacity"),
    (#"{"id": "a", "kind": "hologram"}"#, "layers[0].kind"),
    (#"{"id": "a", "shape": "ellipse"}"#, "layers[0].kind"),
    (#"{"id": "a", "kind": "shape", "shape": "star"}"#, "layers[0].shape"),
    (#"{"id": "a", "kind": "shape"}"#, "layers[0].shape"),
    (#"{"id": "a", "kind": "image"}"#, "layers[0].source"),
    (#"{"kind": "image", "source": "a.png"}"#, "layers[0].id"),
    (#"{"id": "a", "kind": "image", "source": "a.png", "shape": "ellipse"}"#, "layers[0].shape"),
    (#"{"id": "a", "kind": "image", "source": "a.png", "glow": 1}"#, "layers[0].glow"),
    (#"{"id": "a", "kind": "image", "source": "a.png", "tint": "sepia"}"#, "layers[0].tint"),
    (
      #"{"id": "a", "kind": "image", "source": "a.png", "tintColor": [1, 1]}"#,
      "layers[0].tintColor"
    ),
    (
      #"{"id": "a", "kind": "image", "source": "a.png", "adjustments": {"brightness": 3}}"#,
      "layers[0].adjustments.brightness"
    ),
    (
      #"{"id": "a", "kind": "image", "source": "a.png", "adjustments": {"glow": 0}}"#,
      "layers[0].adjustments.glow"
    ),
    (
      #"{"id": "a", "kind": "image", "source": "a.png", "adjustments": {"contrast": "x"}}"#,
      "layers[0].adjustments.contrast"
    ),
    (
      #"{"id": "a", "kind": "shape", "shape": "ellipse", "fill": [1, 0, 0, 2]}"#,
      "layers[0].fill[3]"
    ),
    (#"{"id": "a", "kind": "shape", "shape": "ellipse", "hidden": 1}"#, "layers[0].hidden"),
    (
      #"{"id": "a", "kind": "shape", "shape": "ellipse", "blendMode": "add"}"#,
      "layers[0].blendMode"
    ),
    (
      #"{"id": "a", "kind": "shape", "shape": "ellipse", "transform": {"x": 3}}"#,
      "layers[0].transform.x"
    ),
    (
      #"{"id": "a", "kind": "shape", "shape": "ellipse", "transform": {"z": 0}}"#,
      "layers[0].transform.z"
    ),
    (
      #"{"id": "a", "kind": "shape", "shape": "ellipse", "transform": {"rotation": 400}}"#,
      "layers[0].transform.rotation"
    ),
    (
      #"{"id": "a", "kind": "shape", "shape": "ellipse", "timeSpan": {"base": "frames"}}"#,
      "layers[0].timeSpan.base"
    ),
    (
      #"{"id": "a", "kind": "shape", "shape": "ellipse", "cornerRadius": 0.6}"#,
      "layers[0].cornerRadius"
    ),
    (#"7"#, "layers[0]"),
  ]

  @Test(arguments: malformedLayers)
  func malformedLayersNameTheirPath(_ layer: String, _ path: String) {
    expectError(at: path, json(layers: "[\(layer)]"))
  }

  static let malformedLayerTracks: [(String, String)] = [
    ("layers/nope/opacity", "animations.layers/nope/opacity"),
    ("layers/a/glow", "animations.layers/a/glow"),
    ("layers/a/transform/x", "animations.layers/a/transform/x"),
    ("layers/a/source", "animations.layers/a/source"),
    ("layers/b/cornerRadius", "animations.layers/b/cornerRadius"),
    ("adjustments.contrast", "animations.adjustments.contrast"),
  ]

  /// Tracks of numbers the document does not have: a missing layer, a parameter no kind has,
  /// the transform of a layer without one, a string, another kind's parameter, v3's dots.
  @Test(arguments: malformedLayerTracks)
  func malformedLayerTracksNameTheirPath(_ key: String, _ path: String) {
    let layers =
      #"[{"id": "a", "kind": "shape", "shape": "ellipse"}, {"id": "b", "kind": "image", "source": "b.png"}]"#
    let track = #"{"\#(key)": {"base": "seconds", "keyframes": [{"time": 0, "value": 0.1}]}}"#
    expectError(at: path, json(layers: layers, animations: track))
  }

  @Test func layerKeyframeValuesAreCheckedAgainstTheirRanges() {
    let layers =
      #"[{"id": "a", "kind": "shape", "shape": "ellipse", "transform": {"x": 0.5}}]"#
    for (key, value, valid) in [
      ("opacity", 1.0, true), ("opacity", 1.01, false), ("transform/x", -1.0, true),
      ("transform/x", 2.5, false), ("cornerRadius", 0.5, true), ("strokeWidth", -0.1, false),
    ] {
      let track =
        #"{"layers/a/\#(key)": {"base": "seconds", "keyframes": [{"time": 0, "value": \#(value)}]}}"#
      let data = json(layers: layers, animations: track)
      if valid {
        #expect(throws: Never.self) { try EditDocument(json: data) }
      } else {
        expectError(at: "animations.layers/a/\(key).keyframes[0].value", data)
      }
    }
  }

  @Test func hugeNumbersAndCountsAreClearErrors() {
    for version in ["9223372036854775807", "9223372036854775808", "1e300", "-9223372036854775808"] {
      let data = Data(#"{"formatIdentifier": "org.lumen.edit", "formatVersion": \#(version)}"#.utf8)
      #expect(throws: EditDocumentError.self, "\(version)") { try EditDocument(json: data) }
    }
    let many = Array(repeating: #"{"id": "x", "kind": "shape", "shape": "ellipse"}"#, count: 1001)
    expectError(at: "layers", json(layers: "[" + many.joined(separator: ",") + "]"))
    let keyframes = (0...10_000).map { #"{"time": \#($0), "value": 0}"# }
    expectError(
      at: "animations.adjustments/contrast.keyframes",
      json(
        animations:
          #"{"adjustments/contrast": {"base": "seconds", "keyframes": [\#(keyframes.joined(separator: ","))]}}"#
      ))
  }

  @Test func layersNeedVersion4() {
    let data = Data(
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 3, "layers": []}"#.utf8)
    expectError(at: "layers", data)
  }

  func expectError(at path: String, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation)
  {
    do {
      _ = try EditDocument(json: data)
      Issue.record(
        "accepted \(String(decoding: data.prefix(300), as: UTF8.self))",
        sourceLocation: sourceLocation)
    } catch {
      guard case .invalid(let location, _) = error else {
        Issue.record("wrong error \(error)", sourceLocation: sourceLocation)
        return
      }
      #expect(location == path, "\(error)", sourceLocation: sourceLocation)
    }
  }
}

/// The descriptors a user interface lists.
@Suite struct DescriptorTests {
  @Test func operationsAndLayerKindsAreListedInOrder() {
    #expect(
      EditDocument.operationDescriptors.map(\.name) == [
        "orientation", "crop", "magic", "adjustments", "look", "focus", "vignette",
      ])
    let kinds = ["image", "shape", "text", "brush", "frame", "textDesign", "smartSticker"]
    #expect(LayerKinds.all.map { $0.kind } == kinds)
    #expect(LayerKinds.descriptors.map(\.kind) == kinds)
    let adjustments = EditDocument.operationDescriptors[3].parameters
    #expect(adjustments.count == 14 && adjustments.allSatisfy { $0.identityValue != nil })
    #expect(
      Layer.commonParameters.map(\.name) == [
        "id", "transform", "opacity", "blendMode", "timeSpan", "hidden",
      ])
  }

  /// A layer's JSON is flat: a kind's members must not shadow the common ones.
  @Test func layerKindsDoNotReuseCommonNames() {
    let common = Set(Layer.commonParameters.map(\.name) + ["kind"])
    for kind in LayerKinds.descriptors {
      #expect(Set(kind.parameters.map(\.name)).isDisjoint(with: common), "\(kind.kind)")
    }
  }

  @Test func parametersKnowTheirRangesAndPaths() throws {
    #expect(EditParameter.contrast.path == "adjustments/contrast")
    #expect(EditParameter.contrast.range == -1...1 && EditParameter.gamma.range == 0.5...2)
    #expect(EditParameter.all.count == 14 + 1 + 6 + 3)
    let x = try #require(EditParameter.layer("logo", "transform/x"))
    #expect(x.range == -1...2 && x.layerID == "logo" && x.name == "transform/x")
    #expect(EditParameter.layer("logo", "strokeWidth")?.range == 0...1)
    #expect(EditParameter.layer("logo", "glow") == nil)
    #expect(EditParameter.layer("a b", "opacity") == nil)
    // The vignette's ranges are the filter's own.
    #expect(EditParameter.vignetteRadius.range == 0...1.5)
  }

  /// Every scalar a layer has, common, of its transform or of its kind, is range-checked at
  /// its own JSON path, from nothing but the public descriptors.
  @Test func everyLayerScalarIsCheckedAtItsPath() throws {
    var checked = 0
    for kind in LayerKinds.descriptors {
      let required = [
        "image": #""source": "a.png""#, "shape": #""shape": "ellipse""#,
        "text": #""text": "Hi", "font": "Sans""#, "brush": #""strokes": []"#,
        "frame": #""frame": "asset:lumen.frame/polaroid""#,
        "textDesign": #""text": "Hi", "font": "Sans""#, "smartSticker": #""sticker": "clock""#,
      ][kind.kind, default: ""]
      let scalars: [(key: String, parameter: ParameterDescriptor)] =
        (Layer.commonParameters + kind.parameters).map { ($0.name, $0) }
        + LayerTransform.parameters.map { ("transform." + $0.name, $0) }
      for (key, parameter) in scalars {
        guard case .scalar(let low, let high, _, _) = parameter.kind else { continue }
        for (value, valid) in [
          (low, true), (high, true), (low - 0.01, false), (high + 0.01, false),
        ] {
          let member =
            key.hasPrefix("transform.")
            ? #""transform": {"\#(parameter.name)": \#(value)}"# : #""\#(key)": \#(value)"#
          let data = Self.document(
            #", "layers": [{"id": "a", "kind": "\#(kind.kind)", \#(required), \#(member)}]"#)
          if valid {
            #expect(throws: Never.self, "\(kind.kind) \(key) \(value)") {
              try EditDocument(json: data)
            }
          } else {
            do {
              _ = try EditDocument(json: data)
              Issue.record("\(kind.kind) \(key) = \(value) was accepted")
            } catch {
              #expect(
                error
                  == .invalid(
                    path: "layers[0].\(key)", problem: "\(value) is outside \(low)...\(high)"))
            }
          }
        }
        checked += 1
      }
    }
    // Opacity and the transform's 5 per kind, image's playhead, shape's 2, text's 9, brush's
    // smoothing, frame's size, text design's padding, smart sticker's size.
    #expect(checked == 7 * (1 + 5) + 1 + 2 + 9 + 1 + 1 + 1 + 1)
  }

  static func document(_ body: String) -> Data {
    Data(#"{"formatIdentifier": "org.lumen.edit", "formatVersion": 4\#(body)}"#.utf8)
  }
}
