import Foundation

/// What a program printed and how it ended.
public struct ProgramResult: Sendable {
  public let status: Int32
  public let output: Data
  public let errors: String

  /// Standard output as UTF-8 text.
  public var text: String { String(decoding: output, as: UTF8.self) }
}

/// Runs programs for the tests: the one process runner of every test target.
public enum Program {
  /// Runs `program` (an absolute path, or a name looked up in `PATH`) with `arguments` in
  /// `directory` and returns its output and status, whatever the status. Standard error goes
  /// to a file, so that a chatty program cannot fill a pipe nobody reads.
  public static func run(
    _ program: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil
  ) throws -> ProgramResult {
    guard let path = Oracle.path(of: program) else {
      throw ToolFailure("\(program) not found\(Oracle.installHint)")
    }
    let errorsFile = Scratch.root.appendingPathComponent("stderr-\(UUID().uuidString).log")
    try FileManager.default.createDirectory(at: Scratch.root, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: errorsFile.path, contents: nil) else {
      throw ToolFailure("cannot create \(errorsFile.path)")
    }
    defer { try? FileManager.default.removeItem(at: errorsFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorsFile)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errors = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
    return ProgramResult(status: process.terminationStatus, output: data, errors: errors)
  }

  /// The standard output of `program`; throws with its error output unless it exits with
  /// status 0.
  @discardableResult
  public static func output(
    of program: String, _ arguments: [String], in directory: URL? = nil
  ) throws -> Data {
    let result = try run(program, arguments, in: directory)
    guard result.status == 0 else {
      throw ToolFailure(
        "\(program) \(arguments.joined(separator: " ")) failed (status \(result.status)): "
          + result.errors)
    }
    return result.output
  }

  /// Like ``output(of:_:in:)``, as UTF-8 text.
  @discardableResult
  public static func text(
    of program: String, _ arguments: [String], in directory: URL? = nil
  ) throws -> String {
    String(decoding: try output(of: program, arguments, in: directory), as: UTF8.self)
  }
}
