import Foundation

/// Where the names a render refers to lead: looks by id or LUT file, layer images and fonts by
/// path or asset id. Core reads no files; LumenAssets' `ResourceResolver` is the implementation that
/// does, inside the folders its caller allows.
public protocol ResourceResolving: Sendable {
  /// The upright image `reference` names.
  func image(_ reference: String) throws -> Image
  /// The colour cube of the look `reference` names; `layout` declares how a LUT image stores
  /// its table (`hald`, `tiled8x8`, `tiled:TILESxLEVELS`), nil for library ids and `.cube`.
  func colorCube(forLook reference: String, layout: String?) throws -> ColorCube
  /// The file `reference` names (an SVG sticker), checked like every file a document reads;
  /// the layer that names it opens it (Core reads no SVG).
  func file(_ reference: String) throws -> URL
  /// The font `reference` names: a font file, or an installed family.
  func font(_ reference: String) throws -> FontSource
  /// What the asset `reference` (`asset:SOURCE/ID`) describes beyond a file (a frame's
  /// pieces), for the layer that names it to read.
  func assetPayload(_ reference: String) throws -> AssetPayload
}

/// An asset's payload: JSON text, and the folder the files it names are relative to (and
/// must stay in).
public struct AssetPayload: Hashable, Sendable {
  public var json: String
  public var folder: URL

  public init(json: String, folder: URL) {
    self.json = json
    self.folder = folder
  }
}

/// Where a text layer's font comes from.
public enum FontSource: Hashable, Sendable {
  /// A font file, checked like every file a document reads.
  case file(URL)
  /// An installed family as fontconfig names it (`Noto Sans:style=Bold`), never substituted.
  case family(String)
}
