import Foundation
import Testing

/// `lumen doc schema` describes what the CLI writes: documents from `doc new`, `doc migrate`
/// and the documents inside printed jobs validate against it under Python's `jsonschema`.
@Suite struct DocSchemaTests {
  static var python: String? {
    guard let python = ProcessInfo.processInfo.environment["LUMEN_ORACLE_PYTHON"],
      FileManager.default.isExecutableFile(atPath: python)
    else { return nil }
    return python
  }

  @Test func printsOneSchemaToStandardOutputOrAFile() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let printed = try CLI.run("doc", "schema")
    #expect(printed.status == 0)
    let file = dir.appendingPathComponent("schema.json")
    #expect(try CLI.run("doc", "schema", "-o", file.path).status == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == printed.output)
    let object = try JSONSerialization.jsonObject(with: Data(printed.output.utf8)) as? [String: Any]
    #expect(object?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(try CLI.run("doc", "schema", "-o", file.path).status == 1, "exists without --overwrite")
  }

  @Test(.enabled(if: python != nil, "LUMEN_ORACLE_PYTHON is not set (scripts/test.sh sets it)"))
  func documentsTheCLIWritesAreValid() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let schema = dir.appendingPathComponent("schema.json")
    #expect(try CLI.run("doc", "schema", "-o", schema.path).status == 0)
    let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let fixtures = CLI.packageRoot.appendingPathComponent("Tests/LumenEditTests/Fixtures")
    var written: [URL] = []
    let new = dir.appendingPathComponent("new.json")
    #expect(try CLI.run("doc", "new", photo, "-o", new.path).status == 0)
    written.append(new)
    for version in 1...4 {
      let out = dir.appendingPathComponent("migrated\(version).json")
      let result = try CLI.run(
        "doc", "migrate", fixtures.appendingPathComponent("version\(version).json").path, "-o",
        out.path)
      #expect(result.status == 0, "\(result.errors)")
      written.append(out)
      let job = try CLI.run("edit", photo, "--doc", out.path, "-o", "x.jpg", "--print-job")
      let object = try JSONSerialization.jsonObject(with: Data(job.output.utf8)) as? [String: Any]
      let document = dir.appendingPathComponent("job\(version).json")
      try JSONSerialization.data(withJSONObject: object?["document"] ?? [:]).write(to: document)
      written.append(document)
    }
    let check = Process()
    check.executableURL = URL(fileURLWithPath: Self.python ?? "")
    check.arguments =
      [
        CLI.packageRoot.appendingPathComponent("scripts/oracles/validate_schema.py").path,
        schema.path,
      ]
      + written.map(\.path)
    let out = Pipe()
    check.standardOutput = out
    try check.run()
    let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    check.waitUntilExit()
    #expect(check.terminationStatus == 0)
    let verdicts = lines.split(separator: "\n")
    #expect(verdicts.count == written.count)
    for verdict in verdicts { #expect(verdict.hasPrefix("valid "), "\(verdict)") }
  }
}
