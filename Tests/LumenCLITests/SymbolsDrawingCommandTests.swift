import Foundation
import LumenTestSupport
import Testing

/// `lumen symbols generate | render | preview | export` and `check FOLDER`: outputs written
/// whole, never over an input; bad designs, options and pictures refused with one line.
@Suite struct SymbolsDrawingCommandTests {
  static let designs = "Tests/LumenSymbolsTests/designs"

  @Test func generateWritesMastersThatInterpolate() throws {
    let folder = try CLI.scratch()
    let template = folder.appendingPathComponent("check.svg")
    let made = try CLI.run(
      "symbols", "generate", "\(Self.designs)/check.svg", "-o", template.path)
    #expect(made.status == 0, "\(made.errors)")
    #expect(made.output.contains("Black: stroke 4.95, corner radius 3.5"))
    #expect(made.errors.isEmpty, "\(made.errors)")
    // A centre line left filled is drawn as a shape too, and said so.
    let filledLine = folder.appendingPathComponent("filled-line.svg")
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><path d="M4 4 L28 28 L4 28" stroke="black"/></svg>"#
        .utf8
    ).write(to: filledLine)
    let noted = try CLI.run(
      "symbols", "generate", filledLine.path, "-o", folder.appendingPathComponent("f.svg").path)
    #expect(noted.status == 0 && noted.errors.contains("stroked shapes also filled: 1"))
    #expect(try CLI.run("symbols", "check", template.path).status == 0)
    // Three files instead, at widths and radii of our own.
    let three = folder.appendingPathComponent("three")
    let custom = try CLI.run(
      "symbols", "generate", "\(Self.designs)/house.svg", "--out-dir", three.path, "--widths",
      "1,2,3", "--radii", "0,0,0")
    #expect(custom.status == 0, "\(custom.errors)")
    let files = ["Ultralight", "Regular", "Black"].map {
      three.appendingPathComponent("\($0).svg").path
    }
    #expect(try CLI.run(["symbols", "check"] + files).status == 0)
  }

  @Test func generateRefusesWhatItCannotUse() throws {
    let folder = try CLI.scratch()
    let filled = folder.appendingPathComponent("filled.svg")
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="9" height="9"/></svg>"#
        .utf8
    )
    .write(to: filled)
    let out = folder.appendingPathComponent("out.svg").path
    let nothing = try CLI.run("symbols", "generate", filled.path, "-o", out)
    #expect(nothing.status == 2 && nothing.errors.contains("nothing is stroked"))
    for (option, value) in [
      ("--widths", "1,2"), ("--widths", "1,nan,3"), ("--widths", "0,1,2"), ("--radii", "0,1,2"),
      ("--radii", "1,1,-1"), ("--widths", "1,2,1e300"),
    ] {
      let refused = try CLI.run(
        "symbols", "generate", "\(Self.designs)/plus.svg", "-o", out, option, value)
      #expect(refused.status == 2, "\(option) \(value): \(refused.errors)")
      #expect(refused.errors.split(separator: "\n").count == 1)
    }
    // Never over its input, and nothing written when refused.
    let copy = folder.appendingPathComponent("plus.svg")
    try FileManager.default.copyItem(atPath: "\(Self.designs)/plus.svg", toPath: copy.path)
    let before = try Data(contentsOf: copy)
    #expect(try CLI.run("symbols", "generate", copy.path, "-o", copy.path).status != 0)
    #expect(try Data(contentsOf: copy) == before)
    #expect(!FileManager.default.fileExists(atPath: out))
    // Nor over it through a symbolic link; a FIFO is refused before anything waits on it.
    let link = folder.appendingPathComponent("link.svg")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: copy)
    #expect(try CLI.run("symbols", "generate", copy.path, "-o", link.path).status != 0)
    #expect(try Data(contentsOf: copy) == before)
    #expect(try CLI.run("symbols", "generate", link.path, "-o", out).status == 0)
    let fifo = folder.appendingPathComponent("fifo.svg")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for command in ["generate", "render"] {
      let refused = try CLI.run(
        "symbols", command, fifo.path, "-o", folder.appendingPathComponent("x").path)
      #expect(
        refused.status == 2 && refused.errors.contains("not a regular file"), "\(refused.errors)")
    }
  }

  @Test func renderAndPreviewWritePictures() throws {
    let folder = try CLI.scratch()
    let picture = folder.appendingPathComponent("plus.png")
    let rendered = try CLI.run(
      "symbols", "render", "\(Self.designs)/plus.svg", "-o", picture.path, "--scale", "4")
    #expect(rendered.status == 0, "\(rendered.errors)")
    #expect(rendered.output.contains("(128 x 128)"))
    let sheet = folder.appendingPathComponent("sheet.png")
    let corpus = ["Ultralight", "Regular", "Black"].map {
      "Tests/LumenSymbolsTests/corpus/heart/\($0).svg"
    }
    let previewed = try CLI.run(["symbols", "preview"] + corpus + ["-o", sheet.path])
    #expect(previewed.status == 0, "\(previewed.errors)")
    #expect(try Data(contentsOf: sheet).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    // Pictures too large for any symbol, and scales outside 1...64.
    let huge = folder.appendingPathComponent("huge.svg")
    try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="9000000" height="32"/>"#.utf8)
      .write(to: huge)
    let refused = try CLI.run("symbols", "render", huge.path, "-o", picture.path)
    #expect(refused.status == 2 && refused.errors.contains("at most 16384 pixels a side"))
    #expect(
      try CLI.run("symbols", "render", huge.path, "-o", picture.path, "--scale", "0").status == 2)
    #expect(try CLI.run("symbols", "render", "/no/such.svg", "-o", picture.path).status == 2)
    // Thousands of shapes across the whole picture: refused, not drawn for minutes.
    let layers = folder.appendingPathComponent("layers.svg")
    let rects = String(repeating: #"<rect width="100" height="100"/>"#, count: 5000)
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">\#(rects)</svg>"#.utf8
    )
    .write(to: layers)
    let piled = try CLI.run(
      "symbols", "render", layers.path, "-o", picture.path, "--scale", "1")
    #expect(piled.status == 2 && piled.errors.contains("64 layers"), "\(piled.errors)")
  }

  @Test func exportedTemplatesReadBack() throws {
    let folder = try CLI.scratch()
    let template = folder.appendingPathComponent("template.svg")
    let corpus = ["Ultralight", "Regular", "Black"].map {
      "Tests/LumenSymbolsTests/corpus/arrow/\($0).svg"
    }
    #expect(try CLI.run(["symbols", "export"] + corpus + ["-o", template.path]).status == 0)
    let text = try String(contentsOf: template, encoding: .utf8)
    for id in [
      "Notes", "Guides", "Symbols", "Baseline-S", "Capline-S", "left-margin-Black-S", "Regular-S",
    ] {
      #expect(text.contains("id=\"\(id)\""), "\(id)")
    }
    // Read back onto the artboards: the same masters as the files, to the written precision.
    let fromFiles = try CLI.run(["symbols", "check", "--json"] + corpus)
    let fromTemplate = try CLI.run("symbols", "check", "--json", template.path)
    #expect(fromTemplate.status == 0)
    func firstNodes(_ json: String) throws -> [[Double]] {
      let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      let masters = report?["masters"] as? [[String: Any]] ?? []
      return masters.flatMap {
        ($0["paths"] as? [[String: Any]] ?? []).compactMap { $0["firstNode"] as? [Double] }
      }
    }
    let expected = try firstNodes(fromFiles.output)
    let got = try firstNodes(fromTemplate.output)
    #expect(expected.count == got.count && !got.isEmpty)
    for (a, b) in zip(expected, got) { #expect(abs(a[0] - b[0]) < 1e-3 && abs(a[1] - b[1]) < 1e-3) }
  }

  @Test func aLibraryIsCheckedSymbolBySymbol() throws {
    let folder = try CLI.scratch()
    let library = folder.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for name in ["heart", "plus-reversed"] {
      try FileManager.default.copyItem(
        atPath: "Tests/LumenSymbolsTests/corpus/\(name)",
        toPath: library.appendingPathComponent(name).path)
    }
    #expect(
      try CLI.run(
        "symbols", "generate", "\(Self.designs)/star.svg", "-o",
        library.appendingPathComponent("star.svg").path
      ).status == 0)
    try Data("<svg".utf8).write(to: library.appendingPathComponent("broken.svg"))
    try Data("notes".utf8).write(to: library.appendingPathComponent("README.txt"))
    let result = try CLI.run("symbols", "check", "--json", library.path)
    #expect(result.status == 1)
    let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    let symbols = report?["symbols"] as? [[String: Any]] ?? []
    #expect(
      symbols.map { $0["name"] as? String ?? "" } == [
        "broken.svg", "heart", "plus-reversed", "star.svg",
      ])
    #expect(symbols.map { $0["interpolatable"] as? Bool ?? true } == [false, true, false, true])
    let table = try CLI.run("symbols", "check", library.path)
    #expect(table.output.contains("2 of 4 symbols do not interpolate"))
    #expect(try CLI.run("symbols", "check", "/no/such/folder/").status == 2)
  }

  /// Ctrl-C or SIGTERM while a large picture is drawn: the command ends at once with 130 or
  /// 143 and leaves nothing in its output's folder.
  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aSignalEndsARenderAndLeavesNothing(signal: Int32, status: Int32) throws {
    let folder = try CLI.scratch()
    let heavy = folder.appendingPathComponent("heavy.svg")
    let rects = (0..<40).map { #"<rect x="\#($0)" width="4000" height="4000"/>"# }.joined()
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="4096" height="4096">\#(rects)</svg>"#.utf8
    ).write(to: heavy)
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = [
      "symbols", "render", heavy.path, "-o", out.appendingPathComponent("h.png").path, "--scale",
      "1",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: 0.5)
    let sent = Date()
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationStatus == status)
    #expect(Date().timeIntervalSince(sent) < 5)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
  }
}
