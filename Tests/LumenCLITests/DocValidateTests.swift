import Foundation
import Testing

/// `lumen doc validate --photo IN` checks everything `lumen edit` checks: a document that
/// validates renders, and one that fails to render fails validation, with the same cause.
/// Before, unknown look ids and missing files passed validation and failed the render.
@Suite struct DocValidateTests {
  static let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path

  /// (what, `operations` JSON, `layers` JSON, whether it renders)
  static let cases: [(String, String, String, Bool)] = [
    ("library look", #"{"look": {"id": "noir"}}"#, "[]", true),
    ("unknown look id", #"{"look": {"id": "nosuchlook"}}"#, "[]", false),
    ("cube look", #"{"look": {"id": "grade.cube"}}"#, "[]", true),
    ("missing cube", #"{"look": {"id": "missing.cube"}}"#, "[]", false),
    ("LUT image without layout", #"{"look": {"id": "lut.png"}}"#, "[]", false),
    ("LUT image with layout", #"{"look": {"id": "lut.png", "layout": "tiled8x8"}}"#, "[]", true),
    (
      "LUT image, wrong layout", #"{"look": {"id": "lut.png", "layout": "tiled:5x25"}}"#, "[]",
      false
    ),
    ("image layer", "{}", #"[{"id": "a", "kind": "image", "source": "logo.png"}]"#, true),
    ("missing layer image", "{}", #"[{"id": "a", "kind": "image", "source": "gone.png"}]"#, false),
    (
      "layer image outside the folder", "{}",
      #"[{"id": "a", "kind": "image", "source": "../outside.png"}]"#, false
    ),
    (
      "hidden layer, missing image", "{}",
      #"[{"id": "a", "kind": "image", "source": "gone.png", "hidden": true}]"#, true
    ),
    ("shape layer", "{}", #"[{"id": "s", "kind": "shape", "shape": "ellipse"}]"#, true),
    ("slider out of range", #"{"adjustments": {"contrast": 3}}"#, "[]", false),
    ("crop of no pixels", #"{"crop": {"width": 0.0001}}"#, "[]", false),
    ("crop of one column", #"{"crop": {"width": 0.002}}"#, "[]", true),
  ]

  @Test func validationAgreesWithRendering() throws {
    let root = try CLI.scratch()
    let dir = root.appendingPathComponent("doc")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let made = [
      (
        "lut", "identity", "--layout", "cube:9", "-o", dir.appendingPathComponent("grade.cube").path
      ),
      ("lut", "identity", "--layout", "tiled8x8", "-o", dir.appendingPathComponent("lut.png").path),
      ("lut", "identity", "--layout", "hald:2", "-o", dir.appendingPathComponent("logo.png").path),
      (
        "lut", "identity", "--layout", "hald:2", "-o",
        root.appendingPathComponent("outside.png").path
      ),
    ]
    for (a, b, c, d, e, f) in made { #expect(try CLI.run(a, b, c, d, e, f).status == 0) }
    for (what, operations, layers, renders) in Self.cases {
      let doc = dir.appendingPathComponent("edit.json")
      try Data(
        #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": \#(operations), "layers": \#(layers)}"#
          .utf8
      ).write(to: doc)
      let validated = try CLI.run("doc", "validate", doc.path, "--photo", Self.photo)
      let out = root.appendingPathComponent("out.jpg")
      let rendered = try CLI.run(
        "edit", Self.photo, "--doc", doc.path, "-o", out.path, "--overwrite")
      #expect((rendered.status == 0) == renders, "\(what): edit \(rendered.errors)")
      #expect(
        (validated.status == 0) == (rendered.status == 0),
        "\(what): validate \(validated.status) \(validated.errors), edit \(rendered.status)")
      // Without the photo, only its size-dependent geometry goes unchecked.
      let alone = try CLI.run("doc", "validate", doc.path)
      #expect(
        (alone.status == 0) == (validated.status == 0) || what.hasPrefix("crop"),
        "\(what): \(alone.errors)")
      if validated.status != 0 {
        #expect(validated.errors.hasPrefix("lumen: error: \(doc.path): "), "\(validated.errors)")
        #expect(validated.errors.split(separator: "\n").count == 1, "\(validated.errors)")
      }
    }
  }

  @Test func allowWidensTheFoldersAsForEdit() throws {
    let root = try CLI.scratch()
    let dir = root.appendingPathComponent("doc")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let outside = root.appendingPathComponent("outside.png").path
    #expect(try CLI.run("lut", "identity", "--layout", "hald:2", "-o", outside).status == 0)
    let doc = dir.appendingPathComponent("edit.json")
    try Data(
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "layers": [{"id": "a", "kind": "image", "source": "../outside.png"}]}"#
        .utf8
    ).write(to: doc)
    #expect(try CLI.run("doc", "validate", doc.path).status == 1)
    let allowed = try CLI.run("doc", "validate", doc.path, "--allow", root.path)
    #expect(allowed.status == 0, "\(allowed.errors)")
  }
}
