import LumenCore

/// Why a look library or one of its looks could not be loaded. Every message names the file
/// and the look or field at fault, so that a CLI can print it unchanged.
public enum LookError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The manifest file could not be read.
  case unreadable(path: String, reason: String)
  /// The manifest is not valid: bad JSON, a missing or mistyped field, an unknown version, a
  /// bad identifier. `location` is a path into the document (`folders[1].looks[0]`).
  case invalidManifest(path: String, location: String, reason: String)
  /// Two looks (or two folders) share an identifier.
  case duplicateID(path: String, id: String)
  /// A recipe step names no known colour filter or has bad parameters.
  case invalidRecipe(look: String, step: String, reason: String)
  /// A look's LUT file could not be loaded.
  case unreadableCube(look: String, path: String, reason: String)
  /// A recipe could not be baked into a cube (a filter produced NaN or infinity).
  case bakingFailed(look: String, reason: String)
  /// No look or folder of this name in the library.
  case unknownLook(String, known: [String])
  case unknownFolder(String, known: [String])
  /// The bundled manifest was not found in any of the places searched.
  case builtInNotFound(searched: [String])

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "\(path): cannot read the look manifest: \(reason)"
    case .invalidManifest(let path, let location, let reason):
      "\(path): \(location.isEmpty ? "" : "\(location): ")\(reason)"
    case .duplicateID(let path, let id):
      "\(path): the id '\(id)' is used twice"
    case .invalidRecipe(let look, let step, let reason):
      "look '\(look)': recipe step '\(step)': \(reason)"
    case .unreadableCube(let look, let path, let reason):
      "look '\(look)': cannot load the LUT \(path): \(reason)"
    case .bakingFailed(let look, let reason):
      "\(look.isEmpty ? "" : "look '\(look)': ")cannot bake the recipe into a cube: \(reason)"
    case .unknownLook(let id, let known):
      "unknown look \(EchoedText.quoted(id)); known looks: \(EchoedText.list(known))"
    case .unknownFolder(let name, let known):
      "unknown look folder \(EchoedText.quoted(name)); folders: \(EchoedText.list(known))"
    case .builtInNotFound(let searched):
      "the look library's manifest was not found (set LUMEN_LOOKS to its path); searched: "
        + searched.joined(separator: ", ")
    }
  }
}
