import Foundation
import LumenCore
import LumenFilters

extension EditResources {
  /// Looks from `library` (the built-in one by default) and overlay images read by `loadImage`
  /// from paths relative to `directory` (the document's folder). Their errors pass through:
  /// an unknown look id or an unreadable image says what and where.
  public static func standard(
    library: @escaping @Sendable () throws -> LookLibrary = { try LookLibrary.builtIn },
    directory: URL, loadImage: @escaping @Sendable (URL) throws -> Image
  ) -> EditResources {
    EditResources(
      look: { id in try library().look(id).cube() },
      image: { path in
        try loadImage(
          path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path))
      })
  }
}
