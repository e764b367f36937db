import Foundation
import LumenEdit
import LumenLayers
import Testing

/// The generated JSON Schema against Python's `jsonschema` (an implementation we did not
/// write): every fixture, every document the writer produces here and the fuzz corpus are
/// valid; hand-made invalid documents are refused by both the schema and the reader, and
/// hand-made valid ones accepted by both.
@Suite struct SchemaTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = root.appendingPathComponent("Tests/LumenEditTests/Fixtures")

  @Test func theSchemaIsGeneratedFromTheDescriptors() throws {
    let schema = try #require(
      try JSONSerialization.jsonObject(with: EditDocument.jsonSchema()) as? [String: Any])
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    let properties = try #require(schema["properties"] as? [String: Any])
    let operations = try #require(
      (properties["operations"] as? [String: Any])?["properties"] as? [String: Any])
    #expect(Set(operations.keys) == Set(EditDocument.operationDescriptors.map(\.name)))
    let layers = try #require(properties["layers"] as? [String: Any])
    #expect(
      ((layers["items"] as? [String: Any])?["oneOf"] as? [Any])?.count == LayerKinds.all.count)
    let patterns = try #require(
      (properties["animations"] as? [String: Any])?["patternProperties"] as? [String: Any])
    #expect(patterns["^adjustments/contrast$"] != nil)
    #expect(patterns["^layers/[A-Za-z0-9_-]{1,64}/transform/x$"] != nil)
  }

  /// Documents written by the library from the fixtures and from values built here.
  static func writtenDocuments() throws -> [(String, Data)] {
    var out: [(String, Data)] = []
    for name in ["version1.json", "version2.json", "version3.json", "version4.json"] {
      let d = try EditDocument(json: Data(contentsOf: fixtures.appendingPathComponent(name)))
      out.append(("written-\(name)", d.jsonData()))
    }
    var d = EditDocument()
    d.orientation = EditOrientation(quarterTurns: 2, flipsHorizontally: true)
    d.crop = CropSettings(
      x: 0.1, width: 0.5, aspect: .ratio(width: 2.35, height: 1), straighten: -3)
    d.magic = true
    for parameter in EditParameter.adjustments { parameter.set(parameter.range.upperBound, in: &d) }
    d.look = LookChoice(id: "chrome", intensity: 0.5)
    d.focus = FocusSettings(mode: .gaussian)
    d.vignette = VignetteSettings(intensity: -1)
    d.layers = [
      Layer(
        id: "s",
        content: ShapeContent(shape: .ellipse, stroke: LayerColor(red: 0, green: 1, blue: 0)),
        transform: LayerTransform(rotation: 360), opacity: 0, blendMode: .luminosity,
        timeSpan: TimeSpan(base: .normalized, start: 0.5), hidden: true),
      Layer(id: "i", content: ImageContent(source: "a b/c.png", tint: .colorized)),
    ]
    for path in ["look/intensity", "layers/s/transform/rotation", "layers/i/opacity"] {
      if let parameter = EditParameter(path: path, in: d) {
        d.animations[parameter] = KeyframeTrack(
          base: .seconds, keyframes: [Keyframe(time: 0, value: parameter.range.lowerBound)])
      }
    }
    out.append(("written-everything", d.jsonData()))
    out.append(("written-identity", EditDocument().jsonData()))
    return out
  }

  static func document(_ body: String) -> Data {
    Data(#"{"formatIdentifier": "org.lumen.edit", "formatVersion": 4\#(body)}"#.utf8)
  }

  /// Each refused by the schema and by the reader.
  static let invalid: [String] = [
    #", "operations": {"adjustments": {"contrast": 1.5}}"#,
    #", "operations": {"adjustments": {"glow": 0}}"#,
    #", "operations": {"sparkle": {}}"#,
    #", "operations": {"look": {"intensity": 0.5}}"#,
    #", "operations": {"focus": {"mode": "tilt"}}"#,
    #", "operations": {"orientation": {"quarterTurns": 4}}"#,
    #", "operations": {"magic": 1}"#,
    #", "operations": {"crop": {"aspect": "wide"}}"#,
    #", "layers": [{"id": "a b", "kind": "shape", "shape": "ellipse"}]"#,
    #", "layers": [{"id": "a", "kind": "text"}]"#,
    #", "layers": [{"id": "a", "kind": "image"}]"#,
    #", "layers": [{"id": "a", "kind": "image", "source": "x", "shape": "ellipse"}]"#,
    #", "layers": [{"id": "a", "kind": "shape", "shape": "ellipse", "opacity": -0.1}]"#,
    #", "layers": [{"id": "a", "kind": "shape", "shape": "ellipse", "fill": [1, 0, 0]}]"#,
    #", "layers": [{"id": "a", "kind": "shape", "shape": "ellipse", "transform": {"x": 9}}]"#,
    #", "layers": [{"id": "a", "kind": "shape", "shape": "ellipse", "timeSpan": {"start": 1}}]"#,
    #", "animations": {"adjustments.contrast": {"base": "seconds", "keyframes": [{"time": 0, "value": 0}]}}"#,
    #", "animations": {"adjustments/contrast": {"base": "seconds", "keyframes": []}}"#,
    #", "animations": {"adjustments/contrast": {"base": "seconds", "keyframes": [{"time": 0, "value": 2}]}}"#,
    #", "animations": {"layers/a/opacity": {"base": "frames", "keyframes": [{"time": 0, "value": 0}]}}"#,
    #", "extra": 1"#,
  ]

  /// Each accepted by the schema and by the reader.
  static let valid: [String] = [
    "",
    #", "operations": {}"#,
    #", "operations": {"adjustments": {"gamma": 0.5, "shadows": -2}, "magic": true}"#,
    #", "operations": {"crop": {"aspect": "16:9", "width": 0.5}, "orientation": {"quarterTurns": 3}}"#,
    #", "layers": []"#,
    #", "layers": [{"id": "a", "kind": "shape", "shape": "ellipse"}]"#,
    #", "layers": [{"id": "a", "kind": "image", "source": "x.png", "tint": "solid", "tintColor": [0, 0, 0, 0.5]}]"#,
    #", "layers": [{"id": "a", "kind": "shape", "shape": "rectangle", "transform": {"x": -1, "rotation": -360}, "timeSpan": {"base": "normalized", "start": 0.5, "duration": 0.5}}]"#,
    #", "layers": [{"id": "a", "kind": "shape", "shape": "ellipse"}], "animations": {"layers/a/opacity": {"base": "normalized", "keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]}}"#,
  ]

  @Test func schemaAndReaderAgreeUnderPythonJSONSchema() throws {
    let env = ProcessInfo.processInfo.environment
    guard let python = env["LUMEN_ORACLE_PYTHON"],
      FileManager.default.isExecutableFile(atPath: python)
    else {
      print("SchemaTests: skipped, LUMEN_ORACLE_PYTHON is not set to a Python with jsonschema")
      return
    }
    let check = Process()
    check.executableURL = URL(fileURLWithPath: python)
    check.arguments = ["-c", "import jsonschema"]
    try check.run()
    check.waitUntilExit()
    guard check.terminationStatus == 0 else {
      print("SchemaTests: skipped, \(python) has no jsonschema (pip install jsonschema)")
      return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let schema = scratch.appendingPathComponent("schema.json")
    try EditDocument.jsonSchema().write(to: schema)

    // name -> (bytes, whether the reader accepts them)
    var files: [(name: String, data: Data)] = []
    files.append(
      (
        "fixture-version4.json",
        try Data(contentsOf: Self.fixtures.appendingPathComponent("version4.json"))
      ))
    files += try Self.writtenDocuments()
    let corpus = Self.root.appendingPathComponent("fuzz/corpus/edit-document")
    for url in try FileManager.default.contentsOfDirectory(
      at: corpus, includingPropertiesForKeys: nil
    )
    .sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
      let data = try Data(contentsOf: url)
      // Version 4 seeds as they are; older ones as the writer migrates them.
      if let d = try? EditDocument(json: data) {
        files.append(("corpus-written-\(url.lastPathComponent)", d.jsonData()))
      }
      if String(decoding: data, as: UTF8.self).contains(#""formatVersion": 4"#) {
        files.append(("corpus-\(url.lastPathComponent)", data))
      }
    }
    for (i, body) in Self.invalid.enumerated() {
      files.append(("invalid-\(i).json", Self.document(body)))
    }
    for (i, body) in Self.valid.enumerated() {
      files.append(("valid-\(i).json", Self.document(body)))
    }

    var paths: [String] = []
    for file in files {
      let url = scratch.appendingPathComponent(file.name)
      try file.data.write(to: url)
      paths.append(url.path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments =
      [Self.root.appendingPathComponent("scripts/oracles/validate_schema.py").path, schema.path]
      + paths
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    let verdicts = text.split(separator: "\n").map(String.init)
    #expect(verdicts.count == files.count)
    var (validCount, invalidCount) = (0, 0)
    for (file, verdict) in zip(files, verdicts) {
      let schemaAccepts = verdict.hasPrefix("valid ")
      let readerAccepts = (try? EditDocument(json: file.data)) != nil
      if file.name.hasPrefix("invalid-") {
        #expect(
          !schemaAccepts && !readerAccepts, "\(file.name): \(verdict), reader \(readerAccepts)")
        invalidCount += 1
      } else {
        #expect(schemaAccepts && readerAccepts, "\(file.name): \(verdict), reader \(readerAccepts)")
        validCount += 1
      }
    }
    print("SchemaTests: \(validCount) documents valid under both, \(invalidCount) refused by both")
  }
}
