import Foundation
import LumenCodecs
import LumenCore

/// Runs the reference implementations in scripts/oracles with the oracle venv's Python.
enum Oracle {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var python: String {
    ProcessInfo.processInfo.environment["LUMEN_ORACLE_PYTHON"]
      ?? packageRoot.appendingPathComponent(".venv-oracle/bin/python").path
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `reference_ops.py` with `arguments`; throws with its error output if it fails.
  static func run(_ arguments: [String]) throws {
    try run(script: "reference_ops.py", arguments)
  }

  /// Runs `scripts/oracles/<script>` with `arguments`; throws with its error output if it fails.
  static func run(script: String, _ arguments: [String]) throws {
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw Failure(description: "no oracle Python at \(python): run scripts/setup.sh --oracles")
    }
    try execute(
      python, [packageRoot.appendingPathComponent("scripts/oracles/\(script)").path] + arguments)
  }

  /// Runs the program at `path` (an oracle tool such as /usr/bin/convert); throws if it is
  /// missing or fails, so that a test without its oracle fails instead of passing silently.
  static func execute(_ path: String, _ arguments: [String]) throws {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw Failure(description: "no oracle at \(path): run scripts/setup.sh --oracles")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "oracle \(arguments.first ?? path) failed: \(text)")
    }
  }

  /// A fresh temporary directory for one test.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lumen-oracle-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A bundled sample photo converted to PNG by Pillow, so both sides start from identical
  /// pixels whatever their JPEG decoders do.
  static func samplePNG(_ name: String, in directory: URL) throws -> URL {
    let png = directory.appendingPathComponent("\(name).png")
    try run(["topng", packageRoot.appendingPathComponent("samples/\(name).jpg").path, png.path])
    return png
  }
}

/// Peak signal-to-noise ratio in dB between two 8-bit RGB(A) bitmaps of the same size
/// (RGB channels only).
func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
  precondition(a.width == b.width && a.height == b.height, "sizes differ")
  var squared = 0.0
  var count = 0
  for y in 0..<a.height {
    for x in 0..<a.width {
      let p = a.sample(x: x, y: y)
      let q = b.sample(x: x, y: y)
      for c in 0..<3 {
        let d = Double(p[c] - q[c]) * 255
        squared += d * d
        count += 1
      }
    }
  }
  let mse = squared / Double(count)
  return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
