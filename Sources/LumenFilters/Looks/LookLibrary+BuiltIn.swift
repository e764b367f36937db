import Foundation

extension LookLibrary {
  /// The bundled look library, loaded once from the first manifest found among
  /// ``builtInCandidates``. Point `LUMEN_LOOKS` at an edited copy to change the looks without
  /// recompiling.
  public static var builtIn: LookLibrary {
    get throws(LookError) { try loadedBuiltIn.get() }
  }

  /// Where the bundled manifest is looked for: `$LUMEN_LOOKS` (a manifest path) when set, else
  /// `looks/manifest.json` in LumenFilters' resource bundle. The bundle is found the way
  /// SwiftPM arranges it (beside the executable, or in the build folder), so neither the
  /// working directory nor the source tree matters, and a package depending on Lumen gets it.
  public static var builtInCandidates: [URL] {
    if let path = ProcessInfo.processInfo.environment["LUMEN_LOOKS"], !path.isEmpty {
      return [URL(fileURLWithPath: path)]
    }
    return [
      Bundle.module.url(forResource: "manifest", withExtension: "json", subdirectory: "looks")
        ?? Bundle.module.bundleURL.appendingPathComponent("looks/manifest.json")
    ]
  }

  private static let loadedBuiltIn: Result<LookLibrary, LookError> = {
    let candidates = builtInCandidates
    guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) })
    else { return .failure(.builtInNotFound(searched: candidates.map(\.path))) }
    return Result { () throws(LookError) in try LookLibrary(contentsOf: url) }
  }()
}
