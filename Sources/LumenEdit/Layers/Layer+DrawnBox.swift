import LumenCore
import LumenLayers

extension Layer {
  /// The shorter side of the canvases a drawing is measured on: a box's sides (fractions of
  /// the shorter side) are its pixels over this.
  static let measuringSide = 2000

  /// The box the layer's drawing covers, as an editor draws its handles: centre and rotation
  /// as placed, size as drawn (a text is as wide and tall as its lines, card and shadow make
  /// it, whatever its transform's height). nil for a layer stretched over the canvas.
  public func drawnBox(resources: EditResources) throws -> LayerTransform? {
    guard var box = transform, content.isSizedByItsDrawing else { return transform }
    // Upright in the middle of a canvas long in the direction measured, so that nothing of
    // it is cut off (a box may be up to 10 shorter sides long).
    var upright = box
    (upright.x, upright.y, upright.rotation) = (0.5, 0.5, 0)
    let (short, long) = (Self.measuringSide, Self.measuringSide * 12)
    let wide = try content.image(
      on: Rect(x: 0, y: 0, width: long, height: short), transform: upright, resources: resources)
    let tall = try content.image(
      on: Rect(x: 0, y: 0, width: short, height: long), transform: upright, resources: resources)
    guard !wide.extent.isEmpty, !wide.extent.isInfinite, !tall.extent.isEmpty,
      !tall.extent.isInfinite
    else { return box }
    box.width = Double(wide.extent.width) / Double(short)
    box.height = Double(tall.extent.height) / Double(short)
    return box
  }
}
