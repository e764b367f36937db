import Foundation
import LumenAutomation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenJobs
import LumenLayers
import LumenTestSupport
import Testing

/// Templates: each type of variable lands where it says, auto-fit texts fit their boxes in the
/// rendered pixels, and missing, ill-typed or misplaced values are refused with their names.
@Suite struct TemplateTests {
  static let story = PackagePaths.root.appendingPathComponent("samples/templates/story.json")
  static let here = PackagePaths.root

  /// A template file in a scratch folder, with `variables` over a small document.
  static func template(
    variables: String, layers: String? = nil,
    base: String = #""canvas": {"width": 400, "height": 300}"#
  ) throws -> URL {
    let folder = try Scratch.directory()
    let file = folder.appendingPathComponent("t.json")
    let layers =
      layers ?? """
        [{"id": "title", "kind": "text", "text": "Hi {{name}}", "font": "DejaVu Sans", "size": 0.1,
          "transform": {"x": 0.5, "y": 0.5, "width": 1, "height": 0.3}},
         {"id": "slot", "kind": "image", "source": "\(PackagePaths.sample("coffee").path)",
          "transform": {"x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5}},
         {"id": "box", "kind": "shape", "shape": "rectangle", "fill": [1, 0, 0, 1]}]
        """
    let text = """
      {"formatIdentifier": "org.lumen.template", "formatVersion": 1, \(base),
       "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "layers": \(layers)},
       "variables": \(variables)}
      """
    try Data(text.utf8).write(to: file)
    return file
  }

  static func document(_ job: RunnableJob) throws -> EditDocument {
    guard case .photo(let render) = job else { throw ToolFailure("expected a photo job") }
    return render.document
  }

  @Test func eachTypeOfVariableLandsAtItsTargets() throws {
    let file = try Self.template(
      variables: """
        [{"name": "name", "type": "text", "default": "you"},
         {"name": "photo", "type": "image", "fit": "fit", "targets": ["layers.slot"]},
         {"name": "colour", "type": "color", "default": "#00ff0080", "targets": ["layers.box.fill"]},
         {"name": "look", "type": "look", "default": "noir", "targets": ["operations.look.id"]},
         {"name": "bright", "type": "number", "minimum": -1, "maximum": 1, "default": 0,
          "targets": ["operations.adjustments.brightness"]}]
        """)
    let template = try Template(contentsOf: file)
    let values = try template.values(parsing: [
      "name=Ada", "photo=@\(PackagePaths.sample("chelsea").path)", "colour=0,0.5,1",
      "bright=0.25",
    ])
    let document = try Self.document(
      template.job(values: values, relativeTo: Self.here, output: "/tmp/never.jpg"))
    let title = try #require(document.layers[0].content as? TextContent)
    #expect(title.text == "Hi Ada")
    let slot = try #require(document.layers[1].content as? ImageContent)
    #expect(slot.source == PackagePaths.sample("chelsea").path)
    #expect(slot.fit == .fit)
    let box = try #require(document.layers[2].content as? ShapeContent)
    #expect(box.fill == LayerColor(red: 0, green: 0.5, blue: 1, alpha: 1))
    #expect(document.look?.id == "noir")
    #expect(document.adjustments.brightness == 0.25)
    // The defaults: a colour as #RRGGBBAA.
    let defaults = try Self.document(
      template.job(
        values: template.values(parsing: ["photo=\(PackagePaths.sample("chelsea").path)"]),
        relativeTo: Self.here, output: "/tmp/never.jpg"))
    let defaultBox = try #require(defaults.layers[2].content as? ShapeContent)
    #expect(defaultBox.fill == LayerColor(red: 0, green: 1, blue: 0, alpha: 128.0 / 255))
  }

  @Test func missingIllTypedAndUnknownValuesAreRefusedByName() throws {
    let file = try Self.template(
      variables: """
        [{"name": "name", "type": "text", "maxLength": 5, "default": "you"},
         {"name": "photo", "type": "image", "targets": ["layers.slot"]},
         {"name": "colour", "type": "color", "default": "#ffffff", "targets": ["layers.box.fill"]},
         {"name": "bright", "type": "number", "minimum": -1, "maximum": 1, "default": 0,
          "targets": ["operations.adjustments.brightness"]}]
        """)
    let template = try Template(contentsOf: file)
    func refusal(_ assignments: [String]) -> String {
      do {
        _ = try template.job(
          values: template.values(parsing: assignments), relativeTo: Self.here,
          output: "/tmp/never.jpg")
        return "accepted"
      } catch {
        return "\(error)"
      }
    }
    let photo = "photo=\(PackagePaths.sample("coffee").path)"
    #expect(refusal([]).hasPrefix("photo: missing"))
    #expect(refusal([photo, "name=abcdef"]) == "name: 6 characters, at most 5")
    #expect(refusal([photo, "colour=red"]).hasPrefix("colour: expected #RRGGBB"))
    #expect(refusal([photo, "colour=#12345"]).hasPrefix("colour: expected #RRGGBB"))
    #expect(refusal([photo, "colour=1,1,2"]).hasPrefix("colour: expected"))
    #expect(refusal([photo, "bright=abc"]).hasPrefix("bright: expected a number"))
    #expect(refusal([photo, "bright=nan"]) == "bright: expected a finite number")
    #expect(refusal([photo, "bright=1e308"]).hasPrefix("bright: 1e+308 is above 1"))
    #expect(refusal([photo, "bright=-2"]).hasPrefix("bright: -2.0 is below -1"))
    #expect(refusal([photo, "nmae=x"]).hasPrefix("no variable nmae (the template has name, photo"))
    #expect(refusal(["photo=/no/such/file.jpg"]) == "photo: /no/such/file.jpg: no such file")
    #expect(refusal(["photo=\(Self.here.path)"]).hasSuffix("no such file"))
    #expect(refusal([photo, "name"]) == "name: expected NAME=VALUE")
    #expect(refusal([photo]) == "accepted")
  }

  @Test(arguments: [
    (
      #"[{"name": "x", "type": "text", "targets": ["layers.nope.text"]}]"#,
      "variables[0].targets[0]: x: layers.nope.text: no layer with the id nope"
    ),
    (
      #"[{"name": "x", "type": "image", "targets": ["layers.title"]}]"#,
      "variables[0].targets[0]: x: layers.title: a picture goes into an image layer"
    ),
    (
      #"[{"name": "x", "type": "text", "autoFit": true, "targets": ["layers.box.fill"]}]"#,
      "variables[0].targets[0]: x: layers.box.fill: auto-fit needs a text layer's text"
    ),
    (
      ##"[{"name": "x", "type": "color", "targets": ["layers.title.text"], "default": "#ffffff"}]"##,
      "with its defaults: the filled document: layers[0]"
    ),
    (#"[{"name": "x", "type": "number", "targets": []}]"#, "variables[0].targets: x goes nowhere"),
    (
      #"[{"name": "name", "type": "text"}, {"name": "name", "type": "text"}]"#,
      "variables[1].name: name is named twice"
    ),
    (#"[{"name": "1x", "type": "text"}]"#, "variables[0].name: a name is a letter"),
    (#"[{"name": "x", "type": "texte"}]"#, "variables[0].type"),
    (#"[{"name": "x", "type": "number", "maxLength": 3}]"#, "a number variable takes no maxLength"),
    (
      #"[{"name": "x", "type": "text", "maxLength": 1e300}]"#,
      "variables[0].maxLength: expected a whole number"
    ),
    (#"[{"name": "x", "type": "text", "colour": 1}]"#, "variables[0].colour: unknown key"),
    (
      #"[{"name": "x", "type": "number", "minimum": 2, "maximum": 1, "targets": ["operations.adjustments.brightness"]}]"#,
      "variables[0].maximum: must not be below minimum"
    ),
    (
      #"[{"name": "x", "type": "number", "default": 5, "targets": ["operations.adjustments.brightness"]}]"#,
      "with its defaults: the filled document: operations.adjustments.brightness"
    ),
    (#"[{"name": "x", "type": "text", "targets": ["a..b"]}]"#, "up to 16 names joined by dots"),
  ])
  func badTemplatesAreRefusedWithThePath(variables: String, message: String) throws {
    let file = try Self.template(variables: variables)
    do {
      _ = try Template(contentsOf: file)
      Issue.record("accepted \(variables)")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
      #expect("\(error)".hasPrefix(file.path))
    }
  }

  @Test func templateFilesThatAreNotFilesAreRefused() throws {
    let folder = try Scratch.directory()
    let fifo = folder.appendingPathComponent("fifo.json")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for path in [fifo.path, folder.path, "/dev/zero", folder.appendingPathComponent("none").path] {
      #expect(throws: TemplateError.self) { try Template(contentsOf: URL(fileURLWithPath: path)) }
    }
    let bad = folder.appendingPathComponent("bad.json")
    try Data(#"{"formatIdentifier": "org.lumen.template", "formatVersion": 2}"#.utf8).write(to: bad)
    #expect(throws: TemplateError.self) { try Template(contentsOf: bad) }
  }

  /// The rendered title's pixels lie inside its box (the transform's width and height); the
  /// same text without auto-fit spills out of it.
  @Test func autoFitTextsFitTheirBoxInTheRenderedPixels() throws {
    let layers = """
      [{"id": "title", "kind": "text", "text": "{{name}}", "font": "DejaVu Sans:style=Bold",
        "size": 0.3, "color": [1, 1, 1, 1], "alignment": "center",
        "transform": {"x": 0.5, "y": 0.5, "width": 0.8, "height": 0.25}}]
      """
    let base = #""canvas": {"width": 600, "height": 400, "color": [0, 0, 0, 1]}"#
    let long = "A much longer title than the box can take at this size"
    func rendered(autoFit: Bool) throws -> (Bitmap, EditDocument) {
      let file = try Self.template(
        variables: #"[{"name": "name", "type": "text", "autoFit": \#(autoFit)}]"#, layers: layers,
        base: base)
      let template = try Template(contentsOf: file)
      let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
      let job = try template.job(
        values: template.values(parsing: ["name=\(long)"]), relativeTo: Self.here,
        output: output.path)
      try JobRunner(threads: 2, videoExecutable: nil).run(job, folder: Self.here)
      return (try Photo(contentsOf: output).decoded.bitmap, try Self.document(job))
    }
    // The box: 0.8 x 0.25 of the shorter side (400 px), centred on 300, 200.
    let box = (minX: 300 - 160, maxX: 300 + 160, minY: 200 - 50, maxY: 200 + 50)
    func inked(_ bitmap: Bitmap) -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
      var ink = (minX: Int.max, maxX: Int.min, minY: Int.max, maxY: Int.min)
      for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where bitmap.sample(x: x, y: y)[0] > 0.05 {
          ink = (min(ink.minX, x), max(ink.maxX, x), min(ink.minY, y), max(ink.maxY, y))
        }
      }
      return ink
    }
    let (fitted, document) = try rendered(autoFit: true)
    let ink = inked(fitted)
    #expect(ink.minX >= box.minX && ink.maxX <= box.maxX, "\(ink) in \(box)")
    #expect(ink.minY >= box.minY && ink.maxY <= box.maxY, "\(ink) in \(box)")
    let size = try #require(document.layers[0].content as? TextContent).size
    #expect(size < 0.3 && size > 0.03, "\(size)")
    // It fills the box: its ink reaches at least half the box's height.
    #expect(ink.maxY - ink.minY >= 50, "\(ink)")
    let (spilled, _) = try rendered(autoFit: false)
    let spill = inked(spilled)
    #expect(spill.maxY - spill.minY > box.maxY - box.minY, "\(spill)")
  }

  @Test func aCanvasIsTheGivenSizeAndColour() throws {
    let file = try Self.template(
      variables: "[]", layers: "[]",
      base: #""canvas": {"width": 123, "height": 45, "color": [0.2, 0.4, 0.6]}"#)
    let template = try Template(contentsOf: file)
    let output = file.deletingLastPathComponent().appendingPathComponent("canvas.png")
    try JobRunner(threads: 1, videoExecutable: nil).run(
      template.job(values: [:], relativeTo: Self.here, output: output.path), folder: Self.here)
    let bitmap = try Photo(contentsOf: output).decoded.bitmap
    #expect(bitmap.width == 123 && bitmap.height == 45)
    // 8-bit sRGB of 0.2, 0.4, 0.6: 51, 102, 153.
    #expect(bitmap.sample(x: 60, y: 20).prefix(3).map { ($0 * 255).rounded() } == [51, 102, 153])
  }

  @Test func theSampleStoryListsItsVariables() throws {
    let template = try Template(contentsOf: Self.story)
    #expect(
      template.variables.map(\.name) == ["title", "subtitle", "photo", "look", "accent", "sticker"])
    #expect(template.variables.map(\.kind) == [.text, .text, .image, .look, .color, .image])
  }
}

/// The template example of README.md, verbatim but for its folder (the checkout's root, not
/// the current one: tests run side by side) and the output's.
@Suite struct ReadmeTemplateExampleTests {
  @Test func theReadmeExampleRuns() throws {
    let output = try Scratch.directory().appendingPathComponent("story.jpg")
    let here = PackagePaths.root
    let story = try Template(
      contentsOf: here.appendingPathComponent("samples/templates/story.json"))
    let job = try story.job(
      values: story.values(parsing: ["title=Hello", "photo=@samples/chelsea.jpg", "accent=#2d9cdb"]
      ),
      relativeTo: here, output: output.path)
    try JobRunner(threads: 4, videoExecutable: nil).run(job, folder: here)
    #expect(try Photo(contentsOf: output).decoded.bitmap.width == 1080)
  }
}
