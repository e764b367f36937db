import Foundation
import LumenCore

/// One entry of a ``LookLibrary``: a named colour grade, made from a recipe of colour filters
/// or loaded from a LUT file, applied as a ``ColorCube``.
public struct Look: Hashable, Sendable, Identifiable {
  /// The stable identifier (`"noir"`), what `look name=` and saved documents use.
  public let id: String
  /// The name shown to users (`"Noir"`).
  public let name: String
  /// The identifier of the folder the look is listed in.
  public let folder: String
  public let description: String
  /// The preview image, if the manifest names one (it may not have been generated yet).
  public let thumbnail: URL?
  public let source: Source

  /// Where the look's colours come from.
  public enum Source: Hashable, Sendable {
    /// Colour filters, baked into a cube when the look is used.
    case recipe(LookRecipe)
    /// A cube loaded from a LUT file.
    case cube(ColorCube, file: URL)
  }

  public init(
    id: String, name: String, folder: String, description: String = "", thumbnail: URL? = nil,
    source: Source
  ) {
    self.id = id
    self.name = name
    self.folder = folder
    self.description = description
    self.thumbnail = thumbnail
    self.source = source
  }

  /// The look as a colour cube. A recipe is baked on each call (a few milliseconds for 33^3
  /// colours): keep the result rather than calling this per image.
  public func cube() throws(LookError) -> ColorCube {
    switch source {
    case .cube(let cube, _):
      return cube
    case .recipe(let recipe):
      do {
        return try recipe.cube()
      } catch let LookError.bakingFailed(_, reason) {
        throw .bakingFailed(look: id, reason: reason)
      } catch {
        throw .bakingFailed(look: id, reason: "\(error)")
      }
    }
  }
}
