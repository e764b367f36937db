import CLumenShims

/// libheif's functions, loaded when a HEIC file is first read or written rather than when the
/// process starts (see `lumen_heif_loader.h`): most commands never meet a HEIC file, and
/// libheif's codecs cost every start-up milliseconds.
enum HEIFLibrary {
  static func functions() throws(CodecError.Problem) -> lumen_heif_functions {
    guard let loaded = lumen_heif_load() else {
      throw .unsupported("HEIC needs libheif, which cannot be loaded: \(loadError)")
    }
    return loaded.pointee
  }

  private static var loadError: String { String(cString: lumen_heif_load_error()) }
}
