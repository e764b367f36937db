import Foundation
import LumenCore

/// The looks of a manifest (``LookManifest``), by folder and in order: the built-in library
/// (``builtIn``) or a user's own (``init(contentsOf:cubeReader:)``).
///
/// Loading checks the whole manifest (identifiers, recipes, LUT files) so that mistakes are
/// reported at once, naming the file and the look; cubes of recipes are baked only when a look
/// is used (``Look/cube()``).
public struct LookLibrary: Sendable {
  /// Reads a LUT file (for manifest entries with a `cube` path) into a cube.
  public typealias CubeReader = @Sendable (URL) throws -> ColorCube

  /// The manifest the library was loaded from (write it back with ``LookManifest/json()``).
  public let manifest: LookManifest
  public let folders: [LookFolder]

  /// The manifest at `url`; thumbnail and LUT paths are relative to its directory.
  public init(contentsOf url: URL, cubeReader: CubeReader = LookLibrary.readCube) throws(LookError)
  {
    let data: Data
    do {
      data = try RegularFile.contents(of: url.path)
    } catch {
      throw .unreadable(path: url.path, reason: error.reason)
    }
    try self.init(
      manifest: LookManifest(json: data, path: url.path), baseURL: url.deletingLastPathComponent(),
      path: url.path, cubeReader: cubeReader)
  }

  /// The looks of `manifest`, with relative paths resolved against `baseURL`; `path` names the
  /// manifest in errors.
  public init(
    manifest: LookManifest, baseURL: URL, path: String = "manifest",
    cubeReader: CubeReader = LookLibrary.readCube
  ) throws(LookError) {
    var seenLooks = Set<String>()
    var seenFolders = Set<String>()
    var folders: [LookFolder] = []
    for (f, folder) in manifest.folders.enumerated() {
      let at = "folders[\(f)]"
      try Self.check(id: folder.id, name: folder.name, at: at, path: path)
      guard seenFolders.insert(folder.id).inserted else {
        throw .duplicateID(path: path, id: folder.id)
      }
      var looks: [Look] = []
      for (l, entry) in folder.looks.enumerated() {
        let at = "\(at).looks[\(l)]"
        try Self.check(id: entry.id, name: entry.name, at: at, path: path)
        guard seenLooks.insert(entry.id).inserted else {
          throw .duplicateID(path: path, id: entry.id)
        }
        looks.append(
          Look(
            id: entry.id, name: entry.name, folder: folder.id,
            description: entry.description ?? "",
            thumbnail: entry.thumbnail.map { baseURL.appendingPathComponent($0) },
            source: try Self.source(
              of: entry, at: at, baseURL: baseURL, path: path, cubeReader: cubeReader)))
      }
      folders.append(LookFolder(id: folder.id, name: folder.name, looks: looks))
    }
    self.manifest = manifest
    self.folders = folders
  }

  /// Every look, folder by folder, in manifest order.
  public var looks: [Look] { folders.flatMap(\.looks) }

  /// Every look's identifier, in order.
  public var ids: [String] { looks.map(\.id) }

  /// The look `id` (exact, or ignoring case).
  public func look(_ id: String) throws(LookError) -> Look {
    let all = looks
    guard
      let look = all.first(where: { $0.id == id })
        ?? all.first(where: { $0.id.lowercased() == id.lowercased() })
    else { throw .unknownLook(id, known: all.map(\.id)) }
    return look
  }

  /// The folder whose identifier or name is `name`, ignoring case (`"bw"` or `"B&W"`).
  public func folder(_ name: String) throws(LookError) -> LookFolder {
    let key = name.lowercased()
    guard
      let folder = folders.first(where: { $0.id.lowercased() == key || $0.name.lowercased() == key }
      )
    else { throw .unknownFolder(name, known: folders.map(\.id)) }
    return folder
  }

  /// Reads `.cube` files (3-D tables as they are, 1-D tables sampled at
  /// ``LookRecipe/cubeSize``). Pass another reader to load LUT images, whose layout and codec
  /// the caller knows (``LUTFile/read(_:layout:decode:)``).
  public static let readCube: CubeReader = { url in
    let lut = try CubeFile(contentsOf: url).lut
    if case .cube(let cube) = lut { return cube }
    return lut.cube(size: LookRecipe.cubeSize)
  }

  /// Identifiers are lowerCamelCase letters and digits (they appear in `key=value` requests).
  private static func check(id: String, name: String, at: String, path: String) throws(LookError) {
    guard let first = id.unicodeScalars.first, ("a"..."z").contains(first),
      id.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
      })
    else {
      throw .invalidManifest(
        path: path, location: "\(at).id",
        reason: "'\(id)' is not a valid id (lowerCamelCase ASCII letters and digits)")
    }
    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .invalidManifest(path: path, location: "\(at).name", reason: "the name is empty")
    }
  }

  /// The recipe or the loaded LUT of `entry`: exactly one of the two must be given.
  private static func source(
    of entry: LookManifest.Entry, at: String, baseURL: URL, path: String, cubeReader: CubeReader
  ) throws(LookError) -> Look.Source {
    switch (entry.recipe, entry.cube) {
    case (let steps?, nil):
      return .recipe(try LookRecipe(steps, look: entry.id))
    case (nil, let file?):
      let url = baseURL.appendingPathComponent(file)
      do {
        return .cube(try cubeReader(url), file: url)
      } catch let LookError.unreadableCube(_, _, reason) {
        throw .unreadableCube(look: entry.id, path: url.path, reason: reason)
      } catch {
        throw .unreadableCube(look: entry.id, path: url.path, reason: "\(error)")
      }
    case (nil, nil):
      throw .invalidManifest(
        path: path, location: at, reason: "look '\(entry.id)' needs a 'recipe' or a 'cube'")
    case (_?, _?):
      throw .invalidManifest(
        path: path, location: at,
        reason: "look '\(entry.id)' has both a 'recipe' and a 'cube'; give one")
    }
  }
}
