import Foundation

/// Runs the built `lumen` executable.
enum CLI {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  struct Result {
    let status: Int32
    let output: String
    let errors: String
  }

  /// `swift test` builds every product next to the test bundle.
  static var executable: URL {
    var directory = Bundle.main.bundleURL
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent("lumen")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/lumen")
  }

  static func run(_ arguments: String...) throws -> Result { try run(arguments) }

  static func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lumen-cli-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
