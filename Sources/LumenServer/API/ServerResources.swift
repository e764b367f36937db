import Foundation
import LumenAssets
import LumenEdit

/// What a document on the server may name: its uploads (`upload:ID`), built-in assets
/// (`asset:SOURCE/ID`), looks of the library by id and installed font families; never a path,
/// so no client-supplied path reaches the file system.
enum ServerResources {
  static func make(store: Store) -> EditResources {
    // Uploads are read from the store's files, the one folder the resolver may read.
    let resolver = ResourceResolver(
      base: store.emptyFolder, allowedRoots: [store.folder.appendingPathComponent("blobs")])
    let files = EditResources(resolver)
    @Sendable func file(_ reference: String) throws -> String {
      if reference.hasPrefix(AssetReference.prefix) { return reference }
      let upload = "upload:"
      guard reference.hasPrefix(upload) else {
        throw ServerResourceError(reference: reference)
      }
      let id = String(reference.dropFirst(upload.count))
      guard let (_, path) = try store.upload(id) else {
        throw ServerResourceError(reference: reference, missing: true)
      }
      return path.path
    }
    /// A name, never a path: a look of the library, an installed font family.
    @Sendable func name(_ reference: String) throws -> String {
      if reference.hasPrefix(AssetReference.prefix) { return reference }
      guard !reference.contains("/"), !reference.hasPrefix(".") else {
        throw ServerResourceError(reference: reference)
      }
      return reference
    }
    var resources = files
    resources.image = { try files.image(file($0)) }
    resources.drawing = { try files.drawing(file($0)) }
    resources.animation = { try files.animation(file($0)) }
    resources.frame = { try files.frame(name($0)) }
    resources.font = { try files.font(name($0)) }
    resources.look = { reference in
      guard !ResourceResolver.namesFile(reference.id) else {
        throw ServerResourceError(reference: reference.id)
      }
      return try files.look(reference)
    }
    return resources
  }
}

/// A reference a document on the server may not make.
struct ServerResourceError: Error, CustomStringConvertible {
  let reference: String
  var missing = false

  var description: String {
    missing
      ? "\(reference): no such upload"
      : "\(reference): documents on the server name uploads (upload:ID), built-in assets "
        + "(asset:SOURCE/ID), looks by id and installed fonts, never files"
  }
}
