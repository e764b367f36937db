import Foundation
import LumenCodecs
import LumenCore
import LumenFilters

/// An editing session on one photo: fast previews while sliders move, and the full export,
/// from the same documents.
///
/// The preview source is decoded once at a reduced scale (JPEG DCT scaling) and resampled to
/// the preview size; the result of the geometry stage (orientation, crop, magic) is kept for
/// as long as the document's geometry does not change, so a slider change re-renders only the
/// effects over a small image. Looks are baked once per id.
public final class EditSession: @unchecked Sendable {
  public let url: URL
  public let previewLongSide: Int
  private let resources: EditResources
  private let lock = NSLock()
  private var previewSource: Image?
  private var geometryCache: (key: EditDocument, image: Image)?
  private var cubes: [String: ColorCube] = [:]

  /// `resources` resolves looks and overlay images (by default: the built-in look library and
  /// images next to the photo).
  public init(contentsOf url: URL, previewLongSide: Int = 1280, resources: EditResources? = nil) {
    self.url = url
    self.previewLongSide = previewLongSide
    self.resources =
      resources
      ?? .standard(directory: url.deletingLastPathComponent()) { try Photo(contentsOf: $0).image }
  }

  /// The preview of `document`, `previewLongSide` pixels on the original's long side.
  public func preview(_ document: EditDocument, renderer: Renderer = Renderer()) throws -> Bitmap {
    let base = try geometryStage(for: document)
    let edited = try document.applyEffects(to: base, resources: cachedResources)
    return try renderer.bitmap(of: edited, format: .rgb8)
  }

  /// Renders `document` over the full-resolution original into a file.
  public func export(
    _ document: EditDocument, to destination: URL, options: EncodeOptions = EncodeOptions(),
    overwrite: Bool = false, renderer: Renderer = Renderer()
  ) throws {
    let photo = try Photo(contentsOf: url)
    let edited = try document.apply(to: photo.image, resources: cachedResources)
    try photo.export(
      edited, to: destination, options: options, overwrite: overwrite, renderer: renderer)
  }

  /// The geometry stage at preview size, materialised and kept while the geometry is unchanged.
  private func geometryStage(for document: EditDocument) throws -> Image {
    let key = document.geometry
    lock.lock()
    defer { lock.unlock() }
    if let cached = geometryCache, cached.key == key { return cached.image }
    let source = try previewSourceLocked()
    let stage = try Image(
      bitmap: Renderer().bitmap(of: key.applyGeometry(to: source), format: .rgb8))
    geometryCache = (key, stage)
    return stage
  }

  /// The original at preview size, decoded at a reduced scale (twice the preview at least,
  /// so Lanczos, not the codec's cruder scaling, does most of the reduction).
  private func previewSourceLocked() throws -> Image {
    if let previewSource { return previewSource }
    let photo = try Photo(contentsOf: url, fitting: 2 * previewLongSide)
    let image = photo.image
    let long = max(image.extent.width, image.extent.height)
    let scale = min(1, Double(previewLongSide) / Double(long))
    let fitted = scale < 1 ? image.scaled(by: scale) : image
    let source = Image(bitmap: try Renderer().bitmap(of: fitted, format: .rgb8))
    previewSource = source
    return source
  }

  /// `resources` with looks baked once per id.
  private var cachedResources: EditResources {
    let base = resources
    return EditResources(
      look: { [weak self] id in
        guard let self else { return try base.look(id) }
        self.lock.lock()
        if let cube = self.cubes[id] {
          self.lock.unlock()
          return cube
        }
        self.lock.unlock()
        let cube = try base.look(id)
        self.lock.lock()
        self.cubes[id] = cube
        self.lock.unlock()
        return cube
      },
      image: base.image)
  }
}
