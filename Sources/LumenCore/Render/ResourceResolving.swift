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
  /// The font file `reference` names, checked like every file a document reads (Core reads
  /// no fonts: the text layer opens it).
  func fontFile(_ reference: String) throws -> URL
}
