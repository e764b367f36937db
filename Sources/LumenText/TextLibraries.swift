import CLumenShims

/// HarfBuzz and FriBidi, loaded when text is first shaped rather than when the process starts
/// (see `lumen_text_loader.h`): most commands draw no text, and the libraries HarfBuzz brings
/// cost every start-up milliseconds.
enum TextLibraries {
  static func load() throws(TextLibrariesMissing) -> lumen_text_libraries {
    guard let loaded = lumen_text_load() else {
      throw TextLibrariesMissing(reason: String(cString: lumen_text_load_error()))
    }
    return loaded.pointee
  }
}

/// HarfBuzz or FriBidi cannot be loaded (not installed, or too old).
public struct TextLibrariesMissing: Error, Equatable, Sendable, CustomStringConvertible {
  public let reason: String
  public var description: String {
    "text needs HarfBuzz and FriBidi, which cannot be loaded: \(reason)"
  }
}
