import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport

/// The reference implementations in scripts/oracles/reference_ops.py (libvips and Pillow),
/// run with the oracle venv's Python (``Oracle/runScript(_:_:)``).
enum References {
  /// Runs `reference_ops.py` with `arguments` (an operation and its files); throws with its
  /// error output if it fails.
  static func run(_ arguments: [String]) throws {
    try Oracle.runScript("reference_ops.py", arguments)
  }

  /// A bundled sample photo converted to PNG by Pillow, so both sides start from identical
  /// pixels whatever their JPEG decoders do.
  static func samplePNG(_ name: String, in directory: URL) throws -> URL {
    let png = directory.appendingPathComponent("\(name).png")
    try run(["topng", PackagePaths.sample(name).path, png.path])
    return png
  }
}
