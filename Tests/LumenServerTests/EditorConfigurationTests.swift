import Foundation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenTestSupport
import Testing

@testable import LumenServer

/// The editor's configuration: built in Swift or read from JSON, every key optional, every
/// mistake refused with its JSON path; and the routes that serve it and the editor's files.
@Suite struct EditorConfigurationTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")

  @Test func theStandardConfigurationReadsBackAndListsEveryKey() throws {
    let json = try EditorConfiguration.standard.json()
    #expect(try EditorConfiguration(json: json) == .standard)
    #expect(try EditorConfiguration(json: Data("{}".utf8)) == .standard)
    let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
    #expect(
      Set(object.keys) == ["menu", "singleTool", "tools", "theme", "icons", "export", "language"])
    #expect(object["singleTool"] is NSNull && object["language"] is NSNull)
    let export = object["export"] as? [String: Any] ?? [:]
    #expect(export["maxSize"] is NSNull)
  }

  /// The standard sliders are the document schema's, each over its whole range.
  @Test func theStandardSlidersAreTheSchemasAdjustments() throws {
    let schema = try JSONSerialization.jsonObject(with: EditDocument.jsonSchema()) as? [String: Any]
    let operations = (schema?["properties"] as? [String: Any])?["operations"] as? [String: Any]
    let adjustments =
      ((operations?["properties"] as? [String: Any])?["adjustments"] as? [String: Any])?[
        "properties"] as? [String: [String: Any]] ?? [:]
    let sliders = EditorConfiguration.standard.adjust.sliders
    #expect(Set(sliders.map(\.name)) == Set(adjustments.keys))
    for slider in sliders {
      #expect(adjustments[slider.name]?["minimum"] as? Double == slider.minimum)
      #expect(adjustments[slider.name]?["maximum"] as? Double == slider.maximum)
    }
  }

  @Test func aBuilderClosureChangesTheStandardOneAndIsChecked() throws {
    let cropper = try EditorConfiguration { editor in
      editor.menu = [.tool(.transform), .separator, .action(.undo)]
      editor.singleTool = .transform
      editor.transform.forcedAspect = "1:1"
      editor.adjust.sliders = [.init("contrast", range: -0.5...0.5)]
      editor.theme = .init(base: .dark, colors: ["accent": "#2d9cdb"])
      editor.export.maxSize = 1024
    }
    let read = try EditorConfiguration(json: cropper.json())
    #expect(read == cropper)
    #expect(read.menu == [.tool(.transform), .separator, .action(.undo)])
    #expect(read.tools.transform.forcedAspect == "1:1")
    #expect(read.tools.adjust.sliders == [.init("contrast", range: -0.5...0.5)])
    #expect(throws: EditorConfigurationError.self) {
      try EditorConfiguration { $0.brush.sizes = [.nan] }
    }
    #expect(throws: EditorConfigurationError.self) {
      try EditorConfiguration { $0.adjust.sliders = [.init("gamma", range: 0...2)] }
    }
  }

  /// README.md's example, verbatim.
  @Test func theReadmeExampleBuildsACropper() throws {
    let cropper = try EditorConfiguration { editor in
      editor.menu = [.tool(.transform), .tool(.filter), .separator, .action(.undo), .action(.redo)]
      editor.transform.forcedAspect = "1:1"
      editor.adjust.sliders = [.init("brightness", range: -0.5...0.5), .init("contrast")]
      editor.theme = .init(base: .dark, colors: ["accent": "#2d9cdb"])
      editor.export.maxSize = 1024
    }
    let json = try cropper.json()  // what GET /v1/editor/config answers
    let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
    let transform = (object?["tools"] as? [String: Any])?["transform"] as? [String: Any]
    #expect(transform?["forcedAspect"] as? String == "1:1")
    #expect((object?["menu"] as? [Any])?.count == 5)
  }

  /// Each mistake names where it is.
  @Test(arguments: [
    (#"{"tols": {}}"#, "tols"),
    (#"{"tools": {"adjust": {"slidrs": []}}}"#, "tools.adjust.slidrs"),
    (
      #"{"tools": {"adjust": {"sliders": [{"name": "contrast", "max": 1}]}}}"#,
      "tools.adjust.sliders[0].max"
    ),
    (#"{"tools": {"adjust": {"sliders": [{"name": "glow"}]}}}"#, "tools.adjust.sliders[0].name"),
    (
      #"{"tools": {"adjust": {"sliders": [{"name": "contrast", "minimum": 0.5, "maximum": 0.2}]}}}"#,
      "tools.adjust.sliders[0].maximum"
    ),
    (
      #"{"tools": {"adjust": {"sliders": [{"name": "shadows", "maximum": 3}]}}}"#,
      "tools.adjust.sliders[0].maximum"
    ),
    (
      #"{"tools": {"adjust": {"sliders": [{"name": "contrast"}, {"name": "contrast"}]}}}"#,
      "tools.adjust.sliders[1]"
    ),
    (#"{"menu": [{"tool": "crop"}]}"#, "menu[0].tool"),
    (#"{"menu": [{"tool": "adjust", "action": "undo"}]}"#, "menu[0]"),
    (#"{"menu": ["divider"]}"#, "menu[0]"),
    (#"{"menu": [{"tool": "adjust"}, {"tool": "adjust"}]}"#, "menu[1]"),
    (#"{"menu": [{"action": "undo"}]}"#, "menu"),
    (#"{"menu": 7}"#, "menu"),
    (#"{"singleTool": "cropper"}"#, "singleTool"),
    (#"{"language": "xx"}"#, "language"),
    (#"{"tools": {"transform": {"forcedAspect": "0:1"}}}"#, "tools.transform.forcedAspect"),
    (#"{"tools": {"transform": {"forcedAspect": "free"}}}"#, "tools.transform.forcedAspect"),
    (
      #"{"tools": {"transform": {"cropPresets": [{"label": "", "aspect": "1:1"}]}}}"#,
      "tools.transform.cropPresets[0].label"
    ),
    (
      #"{"tools": {"transform": {"cropPresets": [{"label": "x", "aspect": "1e309:1"}]}}}"#,
      "tools.transform.cropPresets[0].aspect"
    ),
    (#"{"tools": {"filter": {"folders": ["nope"]}}}"#, "tools.filter.folders[0]"),
    (#"{"tools": {"focus": {"modes": []}}}"#, "tools.focus.modes"),
    (#"{"tools": {"overlay": {"blendModes": ["add"]}}}"#, "tools.overlay.blendModes[0]"),
    (#"{"tools": {"text": {"fonts": ["Comic Sans MS"]}}}"#, "tools.text.fonts[0]"),
    (#"{"tools": {"text": {"colors": ["red"]}}}"#, "tools.text.colors[0]"),
    (#"{"tools": {"sticker": {"sources": ["elsewhere"]}}}"#, "tools.sticker.sources[0]"),
    (#"{"tools": {"brush": {"sizes": [2]}}}"#, "tools.brush.sizes[0]"),
    (#"{"tools": {"brush": {"hardness": -0.1}}}"#, "tools.brush.hardness"),
    (#"{"theme": {"base": "sepia"}}"#, "theme.base"),
    (##"{"theme": {"colors": {"glow": "#ffffff"}}}"##, "theme.colors.glow"),
    (##"{"theme": {"colors": {"accent": "#fff"}}}"##, "theme.colors.accent"),
    (#"{"icons": {"undo": "https://example.invalid/undo.svg"}}"#, "icons.undo"),
    (#"{"icons": {"crop": "data:image/png;base64,AA=="}}"#, "icons.crop"),
    (#"{"export": {"quality": 0}}"#, "export.quality"),
    (#"{"export": {"quality": 1e300}}"#, "export.quality"),
    (#"{"export": {"quality": 90.5}}"#, "export.quality"),
    (#"{"export": {"maxSize": 8}}"#, "export.maxSize"),
    (#"{"export": {"format": "bmp"}}"#, "export.format"),
    (#"{"export": {"embedsDocument": "yes"}}"#, "export.embedsDocument"),
    (#"[]"#, ""),
    (#"{"menu": "#, ""),
  ])
  func mistakesAreRefusedWithTheirPath(json: String, path: String) {
    do {
      let configuration = try EditorConfiguration(json: Data(json.utf8))
      Issue.record("accepted \(json): \(configuration)")
    } catch {
      #expect(error.path == path, "\(error)")
    }
  }

  /// Inputs the fuzzer once found (fuzz/regressions/editor-config): a key holding a line break
  /// is echoed on one line.
  @Test func fuzzRegressionsAreRefusedOnOneLine() throws {
    let folder = PackagePaths.root.appendingPathComponent("fuzz/regressions/editor-config")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      do {
        _ = try EditorConfiguration(json: data)
      } catch {
        #expect(!"\(error)".contains("\n"), "\(error)")
      }
    }
  }

  @Test func anOversizedFileIsRefusedBeforeItIsParsed() {
    let huge = Data("{\"icons\": {\"undo\": \"".utf8) + Data(repeating: 0x41, count: 2 << 20)
    #expect(throws: EditorConfigurationError.self) { try EditorConfiguration(json: huge) }
  }

  @Test(arguments: ["full", "profile-picture", "story"])
  func theExampleConfigurationsLoad(name: String) throws {
    let data = try Data(
      contentsOf: Self.samples.appendingPathComponent("editor").appendingPathComponent(
        "\(name).json"))
    let configuration = try EditorConfiguration(json: data)
    let given = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    if let menu = given["menu"] as? [Any] {
      #expect(configuration.menu.count == menu.count)
    }
    if name == "profile-picture" {
      #expect(configuration.tools.transform.forcedAspect == "1:1")
      #expect(configuration.menu.first == .tool(.transform))
    }
  }

  /// `GET /` and `/editor/...` serve the editor's own files only, without a token; the
  /// configuration is an API route and asks for one.
  @Test func theEditorsFilesAreServedAndNothingElse() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: root) }
    let editor = root.appendingPathComponent("editor")
    try FileManager.default.createDirectory(
      at: editor.appendingPathComponent("tools"), withIntermediateDirectories: true)
    try Data("<!doctype html>".utf8).write(to: editor.appendingPathComponent("index.html"))
    try Data("export {}".utf8).write(to: editor.appendingPathComponent("tools/adjust.js"))
    try Data("secret".utf8).write(to: root.appendingPathComponent("secret.js"))
    try FileManager.default.createSymbolicLink(
      at: editor.appendingPathComponent("link.js"),
      withDestinationURL: root.appendingPathComponent("secret.js"))
    try Data("x".utf8).write(to: editor.appendingPathComponent("notes.txt"))
    try FileManager.default.createDirectory(
      at: editor.appendingPathComponent("folder.js"), withIntermediateDirectories: true)
    #expect(mkfifo(editor.appendingPathComponent("pipe.js").path, 0o600) == 0)
    let service = Service(
      store: try Store(folder: root.appendingPathComponent("data")),
      configuration: Service.Configuration(
        token: "t0ken", editor: try EditorConfiguration { $0.singleTool = .brush },
        editorFolder: editor),
      context: RenderContext(threadCount: 1))
    func get(_ path: String, token: Bool = false) -> Response {
      service.handle(
        Request(
          method: "GET", path: path,
          headers: token ? ["authorization": "Bearer t0ken"] : [:]))
    }
    let page = get("/")
    #expect(page.status == 200)
    #expect(page.headers.contains { $0.name == "Content-Type" && $0.value.hasPrefix("text/html") })
    #expect(page.headers.contains { $0.name == "Content-Security-Policy" })
    #expect(get("/editor/tools/adjust.js").status == 200)
    // A browser's revalidation: the same file is 304 without a body, a changed one 200.
    let tag = page.headers.first { $0.name == "ETag" }?.value ?? ""
    let again = service.handle(
      Request(method: "GET", path: "/", headers: ["if-none-match": tag]))
    #expect(again.status == 304 && !tag.isEmpty)
    try Data("<!doctype html><title>new</title>".utf8).write(
      to: editor.appendingPathComponent("index.html"))
    #expect(
      service.handle(Request(method: "GET", path: "/", headers: ["if-none-match": tag])).status
        == 200)
    for refused in [
      "/editor/../secret.js", "/editor/link.js", "/editor/notes.txt", "/editor/folder.js",
      "/editor/pipe.js",
      "/editor/.hidden.js", "/editor/missing.js", "/editor/", "/editor/tools/%2e%2e.js",
    ] {
      #expect(get(refused).status == 404, "\(refused)")
    }
    #expect(get("/v1/editor/config").status == 401)
    let config = get("/v1/editor/config", token: true)
    #expect(config.status == 200)
    guard case .bytes(let body) = config.body else {
      Issue.record("no body")
      return
    }
    #expect(try EditorConfiguration(json: body).singleTool == .brush)
  }

  /// A service over a store in `folder` with coffee.jpg (600x400) uploaded.
  static func serviceWithCoffee(in folder: URL) throws -> (Service, upload: String) {
    let service = Service(
      store: try Store(folder: folder), configuration: Service.Configuration(),
      context: RenderContext(threadCount: 1))
    let photo = service.handle(
      Request(
        method: "POST", path: "/v1/uploads",
        body: try Data(contentsOf: samples.appendingPathComponent("coffee.jpg"))))
    return (service, json(photo)["id"] as? String ?? "")
  }

  /// A response's JSON object (empty for anything else).
  static func json(_ response: Response) -> [String: Any] {
    guard case .bytes(let data) = response.body else { return [:] }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
  }

  /// The preview's variants: the original, the picture without crop and layers, a look.
  @Test func previewVariantsRenderWhatAnEditorShowsBesideTheDocument() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (service, upload) = try Self.serviceWithCoffee(in: folder)
    let document = service.handle(
      Request(
        method: "POST", path: "/v1/documents",
        body: Data(
          #"""
          {"upload": "\#(upload)", "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4,
           "operations": {"crop": {"x": 0, "y": 0, "width": 0.5, "height": 1}, "look": {"id": "noir"}}}}
          """#.utf8)))
    let id = Self.json(document)["id"] as? String ?? ""
    func preview(_ query: [(String, String)]) -> Data {
      let response = service.handle(
        Request(
          method: "GET", path: "/v1/documents/\(id)/preview",
          query: [("size", "300"), ("format", "png")] + query.map { (key: $0.0, value: $0.1) }))
      guard response.status == 200, case .bytes(let data) = response.body else { return Data() }
      return data
    }
    func size(_ query: [(String, String)]) throws -> (Int, Int) {
      let info = try ImageFile.info(data: preview(query), name: "preview")
      return (info.width, info.height)
    }
    // coffee.jpg is 600x400, previewed at 300x200 before the crop keeps half its width.
    #expect(try size([]) == (150, 200))
    #expect(try size([("variant", "original")]) == (300, 200))
    #expect(try size([("variant", "uncropped")]) == (300, 200))
    #expect(try size([("look", "chrome")]) == (150, 200))
    // The document's own look at full intensity is the document; another look is not.
    #expect(preview([("look", "noir")]) == preview([]))
    #expect(preview([("look", "chrome")]) != preview([]))
    #expect(preview([("look", "none")]) != preview([]))
    for bad in [("variant", "sideways"), ("look", "../noir"), ("look", "")] {
      let response = service.handle(
        Request(
          method: "GET", path: "/v1/documents/\(id)/preview", query: [(key: bad.0, value: bad.1)]))
      #expect(response.status == 400, "\(bad)")
    }
  }

  /// A text's box as the service measures it is the area its render covers: with an opaque
  /// card behind it, the pixels a preview changes are exactly the box.
  @Test func layerBoxesAreWhatTheRenderCovers() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (service, upload) = try Self.serviceWithCoffee(in: folder)
    func document(_ layers: String) -> String {
      let made = service.handle(
        Request(
          method: "POST", path: "/v1/documents",
          body: Data(
            #"""
            {"upload": "\#(upload)", "document": {"formatIdentifier": "org.lumen.edit",
             "formatVersion": 4, "layers": [\#(layers)]}}
            """#.utf8)))
      return Self.json(made)["id"] as? String ?? ""
    }
    let plain = document("")
    let caption = #"""
      {"id": "caption", "kind": "text", "text": "Hello Lumen\nsecond line", "font": "DejaVu Sans",
       "size": 0.1, "color": [1, 1, 1, 1], "background": [0, 0, 0, 1], "cornerRadius": 0,
       "padding": 0.3, "transform": {"x": 0.45, "y": 0.55, "width": 1.2, "height": 0.05}}
      """#
    let captioned = document(caption)
    let layered = document(
      caption
        + #"""
        , {"id": "spot", "kind": "shape", "shape": "ellipse", "fill": [1, 0, 0, 1],
           "transform": {"x": 0.2, "y": 0.2, "width": 0.1, "height": 0.2, "rotation": 30}},
          {"id": "whole", "kind": "shape", "shape": "rectangle", "fill": [0, 0, 1, 0.1]}
        """#)
    let answer = Self.json(
      service.handle(Request(method: "GET", path: "/v1/documents/\(layered)/layers")))
    let boxes = answer["layers"] as? [[String: Any]] ?? []
    // The stretched layer has no box; the shape keeps its transform.
    #expect(boxes.map { $0["id"] as? String } == ["caption", "spot"])
    #expect(boxes.last?["height"] as? Double == 0.2 && boxes.last?["rotation"] as? Double == 30)
    let box = boxes.first ?? [:]
    func pixels(_ id: String) throws -> Bitmap {
      let response = service.handle(
        Request(
          method: "GET", path: "/v1/documents/\(id)/preview",
          query: [("size", "600"), ("format", "png")]))
      guard case .bytes(let data) = response.body else {
        return try ImageFile.read(data: Data(), name: "none").bitmap
      }
      return try ImageFile.read(data: data, name: "preview").bitmap
    }
    let (before, after) = (try pixels(plain), try pixels(captioned))
    // The pixels the card changed.
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
    for y in 0..<after.height {
      for x in 0..<after.width where after.sample(x: x, y: y) != before.sample(x: x, y: y) {
        (minX, minY) = (min(minX, x), min(minY, y))
        (maxX, maxY) = (max(maxX, x), max(maxY, y))
      }
    }
    // coffee.jpg is 600x400: the shorter side is 400 pixels.
    let (width, height) = (Double(maxX - minX + 1) / 400, Double(maxY - minY + 1) / 400)
    #expect(abs((box["width"] as? Double ?? 0) - width) <= 3 / 400, "\(box) vs \(width)")
    #expect(abs((box["height"] as? Double ?? 0) - height) <= 3 / 400, "\(box) vs \(height)")
    #expect(height > 0.2, "two lines of 0.1 and a card: more than the transform's 0.05")
  }
}
