import Foundation
import LumenCodecs
import LumenTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `lumen batch`: one JSON line a job when not on a terminal, failures listed by line without
/// stopping the rest, re-runs skipping what exists, shards covering every job once, the same
/// bytes whatever the concurrency, Ctrl-C leaving only whole outputs.
@Suite struct BatchCommandTests {
  /// A scratch folder with the coffee photo and `lines` as jobs.jsonl.
  static func batch(_ lines: [String]) throws -> URL {
    let folder = try CLI.scratch()
    try FileManager.default.copyItem(
      at: PackagePaths.sample("coffee"), to: folder.appendingPathComponent("coffee.jpg"))
    try Data(lines.joined(separator: "\n").utf8).write(
      to: folder.appendingPathComponent("jobs.jsonl"))
    return folder
  }

  /// A small photo job: the coffee photo at `size` px with a look of `intensity`.
  static func job(_ n: Int, output: String? = nil, size: Int = 160) -> String {
    let named = output.map { #""output": "\#($0)", "# } ?? ""
    return
      #"{\#(named)"input": "coffee.jpg", "previewLongSide": \#(size), "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": {"look": {"id": "chrome", "intensity": \#(Double(n % 10) / 10)}}, "layers": [{"id": "t", "kind": "text", "text": "\#(n)", "font": "DejaVu Sans", "size": 0.2}]}}"#
  }

  static func run(_ arguments: [String], in folder: URL) throws -> ProgramResult {
    try Program.run(CLI.executable.path, ["batch"] + arguments, in: folder)
  }

  /// The JSON lines a run printed.
  static func reports(_ result: ProgramResult) -> [[String: Any]] {
    result.text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test func failuresAreListedByLineAndTheRestGoesOn() throws {
    let story = PackagePaths.root.appendingPathComponent("samples/templates/story.json").path
    let folder = try Self.batch([
      Self.job(1, output: "one.jpg"),
      #"{"template": "\#(story)", "values": {"title": "Hi", "photo": "coffee.jpg"}, "format": "png"}"#,
      "{not json",
      "",
      #"{"input": "coffee.jpg", "output": "x.jpg", "documnet": {}}"#,
      #"{"input": "missing.jpg", "output": "y.jpg"}"#,
      #"{"template": "\#(story)", "values": {"title": 5}}"#,
    ])
    let result = try Self.run(["jobs.jsonl", "--out", "out"], in: folder)
    #expect(result.status == 1)
    let reports = Self.reports(result)
    #expect(reports.count == 6)
    let failed = reports.filter { $0["status"] as? String == "failed" }.compactMap {
      $0["line"] as? Int
    }
    #expect(failed.sorted() == [3, 5, 6, 7])
    for fragment in [
      "line 3: not a JSON object", "line 5: documnet: unknown key", "line 6:", "missing.jpg",
      "line 7: title: expected a string", "2 done, 0 skipped, 4 failed",
      "4 of 6 jobs failed",
    ] {
      #expect(result.errors.contains(fragment), "\(fragment) in \(result.errors)")
    }
    let made = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("out").path)
    #expect(made.count == 2 && made.contains("one.jpg") && made.contains { $0.hasSuffix(".png") })
  }

  @Test func reRunsSkipWhatExistsAndRedoWhatIsMissing() throws {
    let folder = try Self.batch((0..<5).map { Self.job($0) })
    let first = try Self.run(["jobs.jsonl", "--out", "out"], in: folder)
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.errors.contains("5 done, 0 skipped, 0 failed"))
    let outputs = Self.reports(first).compactMap { $0["output"] as? String }
    #expect(Set(outputs).count == 5)
    let again = try Self.run(["jobs.jsonl", "--out", "out"], in: folder)
    #expect(again.errors.contains("0 done, 5 skipped, 0 failed"), "\(again.errors)")
    try FileManager.default.removeItem(atPath: outputs[2])
    let resumed = try Self.run(["jobs.jsonl", "--out", "out"], in: folder)
    #expect(resumed.errors.contains("1 done, 4 skipped, 0 failed"), "\(resumed.errors)")
    let redone = try Self.run(["jobs.jsonl", "--out", "out", "--redo"], in: folder)
    #expect(redone.errors.contains("5 done, 0 skipped, 0 failed"), "\(redone.errors)")
  }

  @Test func fourShardsRenderEveryJobExactlyOnce() throws {
    let folder = try Self.batch((0..<23).map { Self.job($0, size: 32) })
    var outputs: [String] = []
    for index in 0..<4 {
      let result = try Self.run(
        ["jobs.jsonl", "--out", "out", "--shard", "\(index)/4"], in: folder)
      #expect(result.status == 0, "\(result.errors)")
      let lines = Self.reports(result)
      #expect(lines.allSatisfy { ($0["line"] as? Int).map { ($0 - 1) % 4 == index } ?? false })
      #expect(lines.allSatisfy { $0["status"] as? String == "done" })
      outputs += lines.compactMap { $0["output"] as? String }
    }
    #expect(outputs.count == 23 && Set(outputs).count == 23)
    let made = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("out").path)
    #expect(made.count == 23)
  }

  @Test func theSameBytesWhateverTheConcurrency() throws {
    let folder = try Self.batch((0..<6).map { Self.job($0, size: 400) })
    let one = try Self.run(
      ["jobs.jsonl", "--out", "a", "--concurrency", "1", "--threads", "1"], in: folder)
    let many = try Self.run(
      ["jobs.jsonl", "--out", "b", "--concurrency", "3", "--threads", "2"], in: folder)
    #expect(one.status == 0 && many.status == 0)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("a").path)
    #expect(names.count == 6)
    for name in names {
      let a = try Data(contentsOf: folder.appendingPathComponent("a/\(name)"))
      let b = try Data(contentsOf: folder.appendingPathComponent("b/\(name)"))
      #expect(a == b, "\(name)")
    }
  }

  @Test func anInterruptedBatchLeavesWholeOutputsAndResumes() throws {
    let folder = try Self.batch((0..<60).map { Self.job($0, size: 1200) })
    let out = folder.appendingPathComponent("out")
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["batch", "jobs.jsonl", "--out", "out"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline,
      ((try? FileManager.default.contentsOfDirectory(atPath: out.path))?.count ?? 0) < 3
    {
      Thread.sleep(forTimeInterval: 0.02)
    }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(left.count >= 3 && left.count < 60, "\(left.count)")
    #expect(left.allSatisfy { $0.hasSuffix(".jpg") && !$0.hasPrefix(".") }, "\(left)")
    for name in left {
      let photo = try Photo(contentsOf: out.appendingPathComponent(name))
      try photo.decoded.bitmap.waitUntilDecoded()
    }
    let resumed = try Self.run(["jobs.jsonl", "--out", "out"], in: folder)
    #expect(resumed.status == 0)
    #expect(
      resumed.errors.contains("\(60 - left.count) done, \(left.count) skipped, 0 failed"),
      "\(resumed.errors)")
  }

  @Test func badArgumentsAndFilesGetOneLine() throws {
    let folder = try Self.batch([Self.job(0)])
    for shard in ["4/4", "-1/2", "1/0", "x"] {
      let result = try Self.run(["jobs.jsonl", "--out", "out", "--shard", shard], in: folder)
      #expect(result.status == 2, "\(shard)")
      #expect(result.errors.contains("--shard"))
    }
    #expect(mkfifo(folder.appendingPathComponent("fifo.jsonl").path, 0o600) == 0)
    for file in ["fifo.jsonl", "none.jsonl", "."] {
      let result = try Self.run([file, "--out", "out"], in: folder)
      #expect(result.status == 1, "\(file)")
      #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
    }
    let duplicate = try Self.batch([
      Self.job(0, output: "same.jpg"), Self.job(1, output: "same.jpg"),
    ])
    let result = try Self.run(["jobs.jsonl", "--out", "out"], in: duplicate)
    #expect(result.status == 1)
    #expect(result.errors.contains("line 2: its output is also line 1's"), "\(result.errors)")
  }
}
