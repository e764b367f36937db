import Foundation

/// Places in the Lumen checkout the tests read from.
public enum PackagePaths {
  /// The checkout's root (this file is Tests/LumenTestSupport/PackagePaths.swift).
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The bundled sample photos (`samples/coffee.jpg`...).
  public static let samples = root.appendingPathComponent("samples")

  /// The reference scripts run with the oracle Python (`scripts/oracles/<name>`).
  public static func oracleScript(_ name: String) -> URL {
    root.appendingPathComponent("scripts/oracles").appendingPathComponent(name)
  }

  /// The sample photo `name` (without extension) as a JPEG path.
  public static func sample(_ name: String) -> URL {
    samples.appendingPathComponent("\(name).jpg")
  }

  /// The executable product `name` that `swift test` built beside the test bundle (else the
  /// debug build's).
  public static func builtProduct(_ name: String) -> URL {
    var directory = Bundle.main.bundleURL
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return root.appendingPathComponent(".build/debug/\(name)")
  }
}
