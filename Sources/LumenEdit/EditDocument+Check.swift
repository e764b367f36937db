import LumenCore

extension EditDocument {
  /// Checks what reading cannot, because it needs the document's surroundings: that every look
  /// and every visible layer's picture resolves through `resources` (a library id that
  /// exists, a LUT file that reads, an image inside the allowed folders) and that every
  /// effect can be built. It runs the render's own effects stage over a small stand-in
  /// picture, building the recipe without computing pixels, so that it checks exactly what a
  /// render checks and a document that passes renders (`lumen doc validate`).
  ///
  /// The geometry stage (crop, straighten, magic) depends on the photo's size and is checked
  /// when the photo renders.
  public func checkRendering(resources: EditResources) throws {
    let standIn = Image(color: RGBA(gray: 0.5, alpha: 1)).cropped(
      to: Rect(x: 0, y: 0, width: 64, height: 64))
    _ = try applyEffects(to: standIn, resources: resources)
  }
}
