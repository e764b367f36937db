import Foundation

extension LookLibrary {
  /// The bundled look library, loaded once from the first manifest found among
  /// ``builtInCandidates``. Edit that file (or point `LUMEN_LOOKS` at a copy) to change the
  /// looks without recompiling.
  public static var builtIn: LookLibrary {
    get throws(LookError) { try loadedBuiltIn.get() }
  }

  /// Where the bundled manifest is looked for, in order:
  /// 1. `$LUMEN_LOOKS` (a manifest path) when set, and then nowhere else;
  /// 2. `looks/manifest.json` or `share/lumen/looks/manifest.json` in the executable's
  ///    directory or any directory above it (a checkout's `.build/release/lumen`, an install
  ///    under a prefix such as `/usr/local/bin/lumen`);
  /// 3. `looks/manifest.json` of the source tree this library was compiled from.
  public static var builtInCandidates: [URL] {
    if let path = ProcessInfo.processInfo.environment["LUMEN_LOOKS"], !path.isEmpty {
      return [URL(fileURLWithPath: path)]
    }
    var candidates: [URL] = []
    if var directory = Bundle.main.executableURL?.resolvingSymlinksInPath()
      .deletingLastPathComponent()
    {
      while true {
        candidates.append(directory.appendingPathComponent("looks/manifest.json"))
        candidates.append(directory.appendingPathComponent("share/lumen/looks/manifest.json"))
        let parent = directory.deletingLastPathComponent()
        if parent.path == directory.path { break }
        directory = parent
      }
    }
    // This file is Sources/LumenFilters/Looks/LookLibrary+BuiltIn.swift.
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    candidates.append(root.appendingPathComponent("looks/manifest.json"))
    return candidates
  }

  private static let loadedBuiltIn: Result<LookLibrary, LookError> = {
    let candidates = builtInCandidates
    guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) })
    else { return .failure(.builtInNotFound(searched: candidates.map(\.path))) }
    return Result { () throws(LookError) in try LookLibrary(contentsOf: url) }
  }()
}
