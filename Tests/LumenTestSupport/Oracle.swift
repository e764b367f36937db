import Foundation
import Testing

extension Tag {
  /// Tests that compare with, or make their inputs by, programs Lumen does not contain
  /// (ffmpeg, ImageMagick, libvips, exiftool, the Python venv...). They are skipped, with the
  /// reason printed, where those programs are missing; `scripts/test.sh` installs them all.
  @Tag public static var oracle: Self
}

/// The independent programs the oracle tests run, and where they are.
public enum Oracle {
  /// Appended to "not found" messages.
  static let installHint = " (scripts/setup.sh --oracles installs the oracle tools)"

  /// The executable `program` names: an absolute path as it is, else the first match in
  /// `PATH`; nil when there is none.
  public static func path(of program: String) -> String? {
    let files = FileManager.default
    if program.contains("/") { return files.isExecutableFile(atPath: program) ? program : nil }
    let search = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in search.split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/\(program)"
      if files.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The oracle venv's Python (Pillow, pyvips, numpy): `LUMEN_ORACLE_PYTHON`, else the
  /// checkout's `.venv-oracle`; nil when neither is there.
  public static var python: String? {
    let path =
      ProcessInfo.processInfo.environment["LUMEN_ORACLE_PYTHON"]
      ?? PackagePaths.root.appendingPathComponent(".venv-oracle/bin/python").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Runs `scripts/oracles/<script>` with the oracle Python and returns its standard output;
  /// throws with its error output if it fails.
  @discardableResult
  public static func runScript(_ script: String, _ arguments: [String]) throws -> String {
    guard let python else {
      throw ToolFailure("no oracle Python (set LUMEN_ORACLE_PYTHON)\(installHint)")
    }
    return try Program.text(of: python, [PackagePaths.oracleScript(script).path] + arguments)
  }

  /// The programs of `tools` that are missing, by name.
  public static func missing(_ tools: [OracleTool]) -> [String] {
    tools.filter { !$0.isAvailable }.map(\.description)
  }
}

/// A program an oracle test needs.
public enum OracleTool: String, Sendable, CustomStringConvertible {
  case ffmpeg, ffprobe
  /// ImageMagick 6's command (Debian's `imagemagick`).
  case imageMagick = "convert"
  case vips, exiftool, djpeg, transicc
  case heifEnc = "heif-enc"
  /// libwebp's GIF converter and container tool (Debian's `webp`).
  case gif2webp, webpmux
  /// HarfBuzz's shaping tool (Debian's `libharfbuzz-bin`).
  case hbShape = "hb-shape"
  /// fontconfig's font matcher (Debian's `fontconfig`).
  case fcMatch = "fc-match"
  /// librsvg's command-line renderer (Debian's `librsvg2-bin`).
  case rsvgConvert = "rsvg-convert"
  /// Debian's Chromium and its WebDriver (`chromium`, `chromium-driver`), for the editor.
  case chromium, chromedriver
  /// Debian's Firefox ESR (`firefox-esr`), driven through Marionette.
  case firefox = "firefox-esr"
  /// Debian's Redis server (`redis-server`), for the queue's workers.
  case redisServer = "redis-server"
  /// The oracle venv's Python with Pillow, pyvips and numpy.
  case python

  public var isAvailable: Bool {
    self == .python ? Oracle.python != nil : Oracle.path(of: rawValue) != nil
  }

  public var description: String {
    self == .python ? "the oracle Python (LUMEN_ORACLE_PYTHON)" : rawValue
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where every program of `tools` is found; otherwise skips it and says
  /// which are missing. Use with `.tags(.oracle)`.
  public static func requires(_ tools: OracleTool...) -> Self {
    let missing = Oracle.missing(tools)
    return .enabled(
      if: missing.isEmpty,
      Comment(rawValue: "needs \(missing.joined(separator: ", "))\(Oracle.installHint)"))
  }
}

/// What an oracle script that runs many checks reports: the checks that held, the failures
/// (each with what was seen) and numbers for the log, as one JSON object on standard output.
public struct OracleReport: Sendable {
  public let checks: [String]
  public let failures: [String]
  public let numbers: String

  /// Runs `scripts/oracles/<script>` with `arguments` and reads its report; a script that
  /// printed no report fails with the end of what it printed.
  public init(running script: String, _ arguments: [String]) throws {
    let output = try Oracle.runScript(script, arguments)
    let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    checks = object?["checks"] as? [String] ?? []
    failures = object?["failures"] as? [String] ?? ["no report: \(output.suffix(2000))"]
    numbers = object.map { "\($0["numbers"] ?? "")" } ?? ""
  }
}
