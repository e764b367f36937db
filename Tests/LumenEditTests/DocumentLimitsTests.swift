import Foundation
import LumenEdit
import Testing

/// Documents are bounded before they are parsed (bytes, JSON values, nesting) and after
/// (layers, keyframes): a million keyframes used to take 3 GB just to validate.
@Suite struct DocumentLimitsTests {
  static let limits = EditDocumentLimits.standard
  static let sliders = ["brightness", "contrast", "saturation", "exposure", "clarity"]

  /// A document whose tracks animate the first sliders, `perTrack` keyframes each (the last
  /// `last`, when given).
  static func animated(tracks: Int, perTrack: Int, last: Int? = nil, padding: Int = 0) -> Data {
    let sliders = Self.sliders.prefix(tracks)
    let adjustments = sliders.map { "\"\($0)\":0.1" }.joined(separator: ",")
    let animations = sliders.enumerated().map { index, slider in
      let count = index == tracks - 1 ? last ?? perTrack : perTrack
      let keyframes = (0..<count).map { #"{"time":\#($0),"value":0.5}"# }
        .joined(separator: ",")
      return #""adjustments/\#(slider)":{"base":"seconds","keyframes":[\#(keyframes)]}"#
    }
    return Data(
      (#"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"operations":{"adjustments":{"#
        + adjustments + #"}},"animations":{"# + animations.joined(separator: ",") + "}}"
        + String(repeating: " ", count: padding)).utf8)
  }

  static func problem(_ data: Data) -> String? {
    do {
      _ = try EditDocument(json: data)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func aDocumentAtTheKeyframeLimitsReads() throws {
    let perTrack = Self.limits.keyframesPerTrack
    let tracks = Self.limits.keyframes / perTrack
    let document = try EditDocument(json: Self.animated(tracks: tracks, perTrack: perTrack))
    #expect(document.animations.values.map(\.keyframes.count).reduce(0, +) == 20_000)
  }

  @Test func oneKeyframeMoreIsRefused() {
    let perTrack = Self.limits.keyframesPerTrack
    #expect(
      Self.problem(Self.animated(tracks: 1, perTrack: perTrack + 1))
        == "animations.adjustments/brightness.keyframes: 10001 elements, more than the 10000 allowed"
    )
    let tracks = Self.limits.keyframes / perTrack + 1
    #expect(
      Self.problem(Self.animated(tracks: tracks, perTrack: perTrack, last: 1))
        == "animations: more than 20000 keyframes in all tracks")
  }

  @Test func textOverTheLimitsIsRefusedBeforeParsing() throws {
    let small = Self.animated(tracks: 1, perTrack: 2)
    let padding = Self.limits.bytes - small.count
    #expect(Self.problem(Self.animated(tracks: 1, perTrack: 2, padding: padding)) == nil)
    #expect(
      Self.problem(Self.animated(tracks: 1, perTrack: 2, padding: padding + 1))
        == "document: \(Self.limits.bytes + 1) bytes, more than the 4194304 allowed")
    let values = Data(("[" + String(repeating: "0,", count: Self.limits.values) + "0]").utf8)
    #expect(Self.problem(values) == "document: more than 130000 JSON values")
    let deep = Data((String(repeating: "[", count: 33) + String(repeating: "]", count: 33)).utf8)
    #expect(Self.problem(deep) == "document: nested more than 32 deep")
    // Strings count once however long, brackets inside them not at all.
    let text = Data(
      (#"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"x":"["#
        + String(
          repeating: "[{,", count: 200_000) + "\"}").utf8)
    #expect(Self.problem(text)?.hasPrefix("x: unknown key") == true)
  }

  @Test func layersOverTheLimitAreRefused() {
    func layers(_ count: Int) -> Data {
      let items = (0..<count).map {
        #"{"id":"l\#($0)","kind":"shape","shape":"rectangle","fill":[1,0,0,1]}"#
      }
      return Data(
        (#"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":["#
          + items.joined(separator: ",") + "]}").utf8)
    }
    #expect(Self.problem(layers(Self.limits.layers)) == nil)
    #expect(
      Self.problem(layers(Self.limits.layers + 1))
        == "layers: 301 elements, more than the 300 allowed")
  }

  /// What this build writes for a document it read, it reads back: the largest document the
  /// limits allow (every layer with the longest source, a transform and a time span; the most
  /// keyframes; escapes that could lengthen strings) is written within the text limits.
  @Test func theLargestDocumentIsWrittenWithinTheLimits() throws {
    let source = String(repeating: "\\b", count: 4000) + ".png"
    let layer =
      #"{"id":"L","kind":"image","source":"\#(source)","transform":{},"#
      + #""timeSpan":{"base":"seconds","start":0}}"#
    let layers = (0..<Self.limits.layers).map {
      layer.replacingOccurrences(of: "\"L\"", with: "\"l\($0)\"")
    }
    let keyframes = (0..<Self.limits.keyframesPerTrack).map { #"{"time":\#($0),"value":0.5}"# }
      .joined(separator: ",")
    let tracks = ["brightness", "contrast"].map {
      #""adjustments/\#($0)":{"base":"seconds","keyframes":[\#(keyframes)]}"#
    }
    let text =
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"operations":{"adjustments":"#
      + #"{"brightness":0.1,"contrast":0.1}},"layers":["# + layers.joined(separator: ",")
      + #"],"animations":{"# + tracks.joined(separator: ",") + "}}"
    let document = try EditDocument(json: Data(text.utf8))
    let written = document.jsonData()
    #expect(written.count <= Self.limits.bytes, "\(written.count) bytes")
    #expect(try EditDocument(json: written) == document)
  }

  @Test func theSchemaStatesTheLimits() throws {
    let schema = try JSONSerialization.jsonObject(with: EditDocument.jsonSchema()) as? [String: Any]
    #expect((schema?["description"] as? String)?.contains(Self.limits.summary) == true)
    let properties = schema?["properties"] as? [String: Any]
    #expect((properties?["layers"] as? [String: Any])?["maxItems"] as? Int == Self.limits.layers)
    #expect(
      (properties?["animations"] as? [String: Any])?["maxProperties"] as? Int
        == Self.limits.tracks)
  }
}

/// A document read from Swift values (what templates fill) is the document its JSON text
/// gives, and the same limits hold without the text.
@Suite struct DocumentObjectTests {
  @Test func valuesReadAsTheirTextReads() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../..").standardized
    let files = [
      "samples/demo/postcard.json", "samples/demo/clip-edit.json", "bench/layers.json",
      "bench/edit-stack.json", "Tests/LumenEditTests/Fixtures/version4.json",
    ]
    for file in files {
      let document = try EditDocument(json: Data(contentsOf: root.appendingPathComponent(file)))
      let object = document.jsonObject()
      #expect(try EditDocument(jsonObject: object) == document, "\(file)")
      #expect(try EditDocument(json: document.jsonData()) == document, "\(file)")
    }
    // Numbers as the text has them: a whole double is an integer, a fraction stays exact.
    var object = EditDocument().jsonObject()
    object["operations"] = ["adjustments": ["brightness": 0.1 + 0.2, "contrast": -1.0]]
    let read = try EditDocument(jsonObject: object)
    #expect(read == (try EditDocument(json: Data(read.jsonData()))))
  }

  @Test func limitsHoldWithoutText() throws {
    func refusal(_ object: [String: Any]) -> String {
      do {
        _ = try EditDocument(jsonObject: object)
        return "read"
      } catch {
        return "\(error)"
      }
    }
    var deep: Any = "x"
    for _ in 0..<40 { deep = ["a": deep] }
    var object = EditDocument().jsonObject()
    object["layers"] = [deep]
    #expect(refusal(object).contains("nested more than 32 deep"))
    object["layers"] = Array(repeating: ["id": "a"], count: 140_000)
    #expect(refusal(object).contains("more than 130000 JSON values"))
    object["layers"] = [["id": String(repeating: "x", count: 5 << 20)]]
    #expect(refusal(object).contains("bytes allowed"))
    object["layers"] = nil
    object["operations"] = ["adjustments": ["brightness": Double.nan]]
    #expect(refusal(object).contains("finite"), "\(refusal(object))")
  }
}
