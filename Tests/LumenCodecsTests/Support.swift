import Foundation
import LumenCore
import Testing

@testable import LumenCodecs

/// Shared helpers for the codec tests: fixtures made at test time, external oracle tools, and
/// pixel comparisons.
enum Support {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  struct ToolError: Error, CustomStringConvertible {
    let description: String
  }

  /// The oracle venv's Python (`LUMEN_ORACLE_PYTHON`, else `.venv-oracle/bin/python`). A missing
  /// oracle fails the test: skipping would let a broken setup pass silently.
  static func oraclePython() throws -> String {
    let path =
      ProcessInfo.processInfo.environment["LUMEN_ORACLE_PYTHON"]
      ?? packageRoot.appendingPathComponent(".venv-oracle/bin/python").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw ToolError(
        description: "oracle Python not found at \(path): run scripts/setup.sh --oracles")
    }
    return path
  }

  /// Runs an oracle script from scripts/oracles and returns its standard output.
  @discardableResult
  static func oracle(_ script: String, _ arguments: [String]) throws -> String {
    let scriptPath = packageRoot.appendingPathComponent("scripts/oracles/\(script)").path
    return try run(try oraclePython(), [scriptPath] + arguments)
  }

  /// Runs a program, failing unless it exits with status 0.
  @discardableResult
  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolError(
        description: "\(executable) \(arguments.joined(separator: " ")) failed: "
          + String(decoding: errData, as: UTF8.self))
    }
    return String(decoding: outData, as: UTF8.self)
  }

  /// One directory per test process for all test files, removed when the process exits.
  static let scratchRoot: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lumen-codecs-tests-\(ProcessInfo.processInfo.processIdentifier)")
    atexit { try? FileManager.default.removeItem(at: Support.scratchRoot) }
    return url
  }()

  /// A fresh empty directory for one test's files.
  static func scratchDirectory() throws -> URL {
    let url = scratchRoot.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A deterministic photo-like test image: smooth gradients, a hard edge and some texture.
  static func testBitmap(width: Int = 64, height: Int = 48, format: PixelFormat = .rgb8) -> Bitmap {
    Bitmap(width: width, height: height, format: format) { bytes in
      var seed: UInt32 = 12345
      for y in 0..<height {
        for x in 0..<width {
          seed = seed &* 1_103_515_245 &+ 12345
          let noise = Double(seed >> 16 & 15) / 255
          let values: [Double] = [
            Double(x) / Double(width - 1), Double(y) / Double(height - 1),
            x < width / 2 ? 0.8 - noise : 0.2 + noise, Double(x + y) / Double(width + height),
          ]
          for channel in 0..<format.channels {
            let index = (y * width + x) * format.channels + channel
            switch format.sample {
            case .uint8:
              bytes.storeBytes(
                of: UInt8((values[channel] * 255).rounded()), toByteOffset: index, as: UInt8.self)
            case .uint16:
              bytes.storeBytes(
                of: UInt16((values[channel] * 65535).rounded()), toByteOffset: 2 * index,
                as: UInt16.self)
            case .float32:
              bytes.storeBytes(of: Float(values[channel]), toByteOffset: 4 * index, as: Float.self)
            }
          }
        }
      }
    }
  }

  static func bytes(of bitmap: Bitmap) -> [UInt8] {
    bitmap.withUnsafeBytes { [UInt8]($0) }
  }

  /// Largest absolute difference between two equally long 8-bit sample arrays.
  static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    precondition(a.count == b.count, "sizes differ: \(a.count) vs \(b.count)")
    return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  /// Peak signal-to-noise ratio of 8-bit samples, in dB.
  static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    let squared = zip(a, b).reduce(0.0) { $0 + pow(Double(Int($1.0) - Int($1.1)), 2) }
    let mse = squared / Double(a.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }

  /// Decodes `file` with Pillow (optionally converting from `icc` to sRGB, or turning it upright
  /// by its EXIF orientation) and returns its width, height and 8-bit RGB or RGBA samples.
  static func pillowDecode(_ file: URL, icc: URL? = nil, transpose: Bool = false) throws -> (
    Int, Int, [UInt8]
  ) {
    let raw = file.appendingPathExtension("pillow.raw")
    let options = (icc.map { ["--icc", $0.path] } ?? []) + (transpose ? ["--transpose"] : [])
    let output = try oracle("codecs_decode.py", [file.path, raw.path] + options)
    let fields = output.split(separator: " ")
    guard fields.count == 3, let width = Int(fields[0]), let height = Int(fields[1]) else {
      throw ToolError(description: "unexpected oracle output: \(output)")
    }
    return (width, height, [UInt8](try Data(contentsOf: raw)))
  }

  /// Reads a binary PPM (P6, 8-bit), as `djpeg -pnm` writes.
  static func readPPM(_ data: Data) throws -> (Int, Int, [UInt8]) {
    let bytes = [UInt8](data)
    var fields: [Int] = []
    var index = 2
    while fields.count < 3 {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      var value = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      fields.append(value)
    }
    guard bytes.starts(with: Array("P6".utf8)), fields[2] == 255 else {
      throw ToolError(description: "not an 8-bit P6 PPM")
    }
    return (fields[0], fields[1], Array(bytes[(index + 1)...]))
  }

  /// Expects `body` to fail with a ``CodecError`` and returns it.
  static func codecError(_ body: () throws -> Void) -> CodecError? {
    do {
      try body()
      return nil
    } catch let error as CodecError {
      return error
    } catch {
      return nil
    }
  }
}
