import LumenCore

extension EditDocument {
  /// Checks what reading cannot, because it needs the document's surroundings: that every look
  /// and every visible layer's picture resolves through `resources` (a library id that
  /// exists, a LUT file that reads, an image inside the allowed folders), that every effect
  /// can be built, and, given the extent of the photo it will edit, that the geometry keeps
  /// pixels (a crop or straighten that rounds to nothing). It runs the render's own stages
  /// over a constant stand-in picture, building the recipe without computing its pixels (magic
  /// analyses the stand-in), so that it checks exactly what a render checks and a document
  /// that passes renders (`lumen doc validate`).
  ///
  /// Without `photo`, the geometry stage is left to the render: it depends on the size.
  public func checkRendering(resources: EditResources, photo: Rect? = nil) throws {
    let grey = Image(color: RGBA(gray: 0.5, alpha: 1))
    guard let photo else {
      _ = try applyEffects(
        to: grey.cropped(to: Rect(x: 0, y: 0, width: 64, height: 64)), resources: resources)
      return
    }
    _ = try apply(to: grey.cropped(to: photo), resources: resources)
  }
}
