import Foundation
import LumenAssets
import LumenCodecs
import LumenCore
import LumenFilters

/// An editing session on one photo: fast previews while sliders move, and the full export,
/// from the same documents.
///
/// The preview source is decoded once at a reduced scale (JPEG DCT scaling) and resampled to
/// the preview size; the result of the geometry stage (orientation, crop, magic) is kept for
/// as long as the document's geometry does not change, so a slider change re-renders only the
/// effects over a small image. Looks are baked once per id. Magic is analysed once per crop
/// (on the preview source) and the same levels serve the previews and the export.
///
/// Everything renders in the session's ``context``.
public final class EditSession: @unchecked Sendable {
  public let url: URL
  public let previewLongSide: Int
  /// Where the session's previews, analyses and exports render.
  public let context: RenderContext
  let resources: EditResources
  private let lock = NSLock()
  private var previewSource: (photo: Photo, image: Image)?
  private var geometryCache: (key: EditDocument, image: Image)?
  /// Magic's levels for the orientation and crop in `key` (magic itself off).
  private var magicCache: (key: EditDocument, analysis: MagicAnalysis)?

  /// `resources` resolves looks and layer images; by default the context's resolver, or else
  /// the built-in look library and files in the photo's folder (a ``ResourceResolver``).
  public init(
    contentsOf url: URL, previewLongSide: Int = 1280, resources: EditResources? = nil,
    context: RenderContext = RenderContext()
  ) {
    self.url = url
    self.previewLongSide = previewLongSide
    self.context = context
    self.resources =
      resources
      ?? EditResources(
        context.resources ?? ResourceResolver(base: url.deletingLastPathComponent()))
  }

  /// The preview of `document`, `previewLongSide` pixels on the original's long side.
  public func preview(_ document: EditDocument) throws -> Bitmap {
    try context.bitmap(of: previewImage(document), format: .rgb8)
  }

  /// The preview of `document` as a lazy recipe over the cached geometry stage.
  public func previewImage(_ document: EditDocument) throws -> Image {
    try document.applyEffects(
      to: geometryStage(for: document), resources: resources, context: context)
  }

  /// Renders `document` into a file: over the full-resolution original, or at preview size
  /// (from the same cached source as ``preview(_:)``). EXIF of the original is
  /// carried over; the original is never overwritten unless `overwrite` is true.
  public func export(
    _ document: EditDocument, to destination: URL, atPreviewSize: Bool = false,
    options: EncodeOptions = EncodeOptions(), overwrite: Bool = false,
    progress: (any RowSink)? = nil
  ) throws {
    func write(_ edited: Image, of photo: Photo) throws {
      try photo.export(
        edited, to: destination, options: options, overwrite: overwrite, context: context,
        progress: progress)
    }
    if atPreviewSize {
      let edited = try previewImage(document)
      return try write(edited, of: lock.withLock { try previewSourceLocked().photo })
    }
    // Layers are drawn side by side: one helper for each that may draw SVG.
    SVGImage.prepare(helpers: document.layers.count { !$0.hidden && $0.content.mayDrawSVG })
    let magic = try lock.withLock { try magicLocked(for: document) }
    let photo = try Photo(contentsOf: url)
    // Rendered once: the layers are drawn as the render reaches them, none kept as pixels.
    // The photo streams through a window of rows meanwhile, as without layers: decoding it
    // whole beside the layers cost more (72 MB of fresh pages at 24 MP) than it overlapped.
    var once = resources
    once.keepsDrawings = false
    try write(
      document.apply(to: photo.image, resources: once, magic: magic, context: context), of: photo)
  }

  /// The geometry stage at preview size, materialised and kept while the geometry is unchanged.
  ///
  /// A straightened picture is rotated at the decoded scale (at least twice the preview's)
  /// and then reduced, as the export reduces its full-size result: rotating the preview
  /// itself blurs it more than that (39 dB from the export on a textured photo, 40+ this way).
  private func geometryStage(for document: EditDocument) throws -> Image {
    let key = document.geometry
    lock.lock()
    defer { lock.unlock() }
    if let cached = geometryCache, cached.key == key { return cached.image }
    let source = try previewSourceLocked()
    let magic = try magicLocked(for: key)
    let geometry: Image
    if let crop = key.crop, crop.straighten != 0 {
      // The preview's size, from the lazy recipe (magic, which samples the picture when
      // applied, changes no size).
      var shape = key
      shape.magic = false
      let size = try shape.applyGeometry(to: source.image).extent
      geometry = try key.applyGeometry(to: source.photo.image, magic: magic, context: context)
        .resized(width: size.width, height: size.height)
    } else {
      geometry = try key.applyGeometry(to: source.image, magic: magic, context: context)
    }
    let stage = try Image(bitmap: context.bitmap(of: geometry, format: .rgb8))
    geometryCache = (key, stage)
    return stage
  }

  /// The original at preview size, decoded at a reduced scale (twice the preview at least,
  /// so Lanczos, not the codec's cruder scaling, does most of the reduction), and the photo
  /// it came from (for its metadata).
  private func previewSourceLocked() throws -> (photo: Photo, image: Image) {
    if let previewSource { return previewSource }
    let photo = try Photo(contentsOf: url, fitting: 2 * previewLongSide)
    let fitted = photo.image.fitting(longSide: previewLongSide)
    let source = (photo, Image(bitmap: try context.bitmap(of: fitted, format: .rgb8)))
    previewSource = source
    return source
  }

  /// Magic's levels for `document`'s orientation and crop, analysed on the preview source
  /// once per crop; nil without magic.
  private func magicLocked(for document: EditDocument) throws -> MagicAnalysis? {
    guard document.magic else { return nil }
    var key = document.geometry
    key.magic = false
    if let cached = magicCache, cached.key == key { return cached.analysis }
    let source = try previewSourceLocked()
    guard let analysis = try document.magicAnalysis(of: source.image, context: context) else {
      return nil
    }
    magicCache = (key, analysis)
    return analysis
  }
}
