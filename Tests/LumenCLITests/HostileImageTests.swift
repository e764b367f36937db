import Foundation
import LumenCodecs
import LumenTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Hostile images through the CLI: `lumen info` and `lumen render X -o out.png --size 256` over
/// crafted files (scripts/hostile/craft.py: giant headers, metadata bombs, lying chunk sizes,
/// cyclic boxes) and the broken files image libraries ship with their tests
/// (scripts/hostile/fetch.sh). Each run has 20 s and 1 GiB of resident memory (half of a small
/// 2 GB container, whose default render budget must hold); it must exit 0 with a valid output,
/// or 1 with one line on stderr and no output: never a signal, a hang or a runaway allocation.
/// Crafted files named "truncated" lack image data, so rendering them must fail.
@Suite(.serialized) struct HostileImageTests {
  static let timeout: Double = 20
  static let memoryCap = 1 << 30

  /// The crafted files, made once per test process.
  static let crafted: [URL] = {
    let folder = Scratch.shared("hostile-crafted")
    let script = CLI.packageRoot.appendingPathComponent("scripts/hostile/craft.py")
    guard (try? Program.run("python3", [script.path, folder.path]).status) == 0 else { return [] }
    return files(in: folder)
  }()

  /// What scripts/hostile/fetch.sh gathered, when it has been run.
  static let fetchedFolder = URL(
    fileURLWithPath: ProcessInfo.processInfo.environment["LUMEN_HOSTILE_DIR"]
      ?? CLI.packageRoot.appendingPathComponent(".hostile").path
  ).appendingPathComponent("files")

  static let fetched = files(in: fetchedFolder)

  @Test func craftingMakesEveryFile() {
    #expect(Self.crafted.count >= 30, "python3 scripts/hostile/craft.py failed")
  }

  @Test(arguments: crafted)
  func craftedFileIsRefusedOrRendered(_ file: URL) throws {
    try Self.check(file, crafted: true)
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: fetchedFolder.path),
      "no hostile files: run scripts/hostile/fetch.sh (or set LUMEN_HOSTILE_DIR)"),
    arguments: fetched)
  func fetchedFileIsRefusedOrRendered(_ file: URL) throws {
    try Self.check(file, crafted: false)
  }

  /// Both commands on `file`, each held to the contract.
  static func check(_ file: URL, crafted: Bool) throws {
    let folder = try CLI.scratch()
    let info = try CappedRun(["info", file.path], in: folder)
    info.expectContract(for: "info \(file.lastPathComponent)")
    let output = folder.appendingPathComponent("out.png")
    let render = try CappedRun(
      ["render", file.path, "-o", output.path, "--size", "256"], in: folder)
    render.expectContract(for: "render \(file.lastPathComponent)")
    if crafted && file.lastPathComponent.contains("truncated") {
      #expect(render.status == 1, "render \(file.lastPathComponent): a truncated file rendered")
    }
    if render.status == 0 {
      let written = try ImageFile.info(output)
      #expect(max(written.width, written.height) <= 256, "render \(file.lastPathComponent)")
    } else {
      #expect(
        !FileManager.default.fileExists(atPath: output.path),
        "render \(file.lastPathComponent) failed but left \(output.lastPathComponent)")
    }
  }

  /// Every regular file under `folder`, sorted (so that runs list them in the same order).
  static func files(in folder: URL) -> [URL] {
    let enumerator = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    let all = (enumerator?.allObjects as? [URL]) ?? []
    return
      all
      .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
      .sorted { $0.path < $1.path }
  }
}

/// One `lumen` run under a wall-clock limit and a cap on resident memory, enforced by polling
/// the kernel's peak (`VmHWM`) every 20 ms: no cgroup is needed, and a process over the cap is
/// killed before it can take the machine down.
struct CappedRun {
  let status: Int32
  let signal: Int32?
  let timedOut: Bool
  let peakBytes: Int
  let errors: String

  init(_ arguments: [String], in folder: URL) throws {
    let errorsFile = folder.appendingPathComponent("stderr.log")
    guard FileManager.default.createFile(atPath: errorsFile.path, contents: nil) else {
      throw ToolFailure("cannot create \(errorsFile.path)")
    }
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errorsFile)
    try process.run()
    let start = Date()
    var peak = 0
    var timedOut = false
    while process.isRunning {
      peak = max(peak, Self.peakResidentBytes(of: process.processIdentifier) ?? 0)
      timedOut = Date().timeIntervalSince(start) > HostileImageTests.timeout
      if peak > HostileImageTests.memoryCap || timedOut {
        kill(process.processIdentifier, SIGKILL)
        break
      }
      usleep(20_000)
    }
    process.waitUntilExit()
    self.status = process.terminationStatus
    self.signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
    self.timedOut = timedOut
    self.peakBytes = peak
    self.errors = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
  }

  /// Exit 0, or exit 1 with one line on stderr; within the time and memory given.
  func expectContract(for what: String) {
    #expect(!timedOut, "\(what): still running after \(HostileImageTests.timeout) s")
    #expect(
      peakBytes <= HostileImageTests.memoryCap,
      "\(what): \(peakBytes >> 20) MB resident, over the \(HostileImageTests.memoryCap >> 20) MB cap"
    )
    #expect(signal == nil, "\(what): killed by signal \(signal ?? 0)")
    guard signal == nil else { return }
    #expect(status == 0 || status == 1, "\(what): exit status \(status): \(errors.prefix(300))")
    if status == 1 {
      let lines = errors.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(
        lines.count == 2 && lines[1].isEmpty && errors.hasPrefix("lumen: error: ")
          && errors.utf8.count <= 1000,
        "\(what): not one error line: \(errors.prefix(300).debugDescription)")
    }
  }

  /// The process's peak resident set size from /proc (nil once it has exited).
  static func peakResidentBytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({
        Int($0)
      })
    else { return nil }
    return kilobytes * 1024
  }
}
