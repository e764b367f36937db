import Foundation
import LumenEdit
import LumenLayers

extension Service {
  /// `GET /v1/documents/{id}/layers`: each placed layer's box as drawn (centre as fractions of
  /// the canvas's width and height, sides as fractions of its shorter side, rotation in
  /// degrees), so that an editor's handles fit a text as the render lays it out.
  func layerBoxes(id: String) throws -> Response {
    guard let saved = try store.document(id) else { throw Self.missing("document", id) }
    let document = try EditDocument(json: saved.json)
    var boxes: [[String: Any]] = []
    for layer in document.layers {
      // A layer that cannot be drawn (a font gone) keeps its transform's box.
      guard let box = (try? layer.drawnBox(resources: resources)) ?? layer.transform else {
        continue
      }
      boxes.append([
        "id": layer.id, "x": box.x, "y": box.y, "width": box.width, "height": box.height,
        "rotation": box.rotation,
      ])
    }
    return Response.json(
      data: try JSONSerialization.data(
        withJSONObject: ["revision": saved.revision, "layers": boxes], options: [.sortedKeys])
    ).adding("ETag", "\"\(saved.revision)\"")
  }
}
