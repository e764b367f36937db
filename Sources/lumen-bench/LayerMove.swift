import Foundation
import LumenEdit
import LumenLayers

/// The preview of a document with layers re-rendered after moving its first sticker (an
/// image layer with a transform), 25 times (`RUNS` in the environment): what an editor
/// dragging a layer waits for.
func benchmarkLayerMove(photo: String, document path: String, longSide: Int) throws {
  let document = try EditDocument(json: Data(contentsOf: URL(fileURLWithPath: path)))
  guard
    let index = document.layers.firstIndex(where: {
      $0.content is ImageContent && $0.transform != nil
    }), let start = document.layers[index].transform
  else { throw CocoaError(.featureUnsupported) }
  let session = EditSession(contentsOf: URL(fileURLWithPath: photo), previewLongSide: longSide)
  let id = document.layers[index].id
  try timeRerenders(
    of: session, document, first: "decode, fonts, drawings", change: "layer move (\(id))"
  ) { run in
    var moved = document
    moved.layers[index].transform?.x = start.x - 0.01 * Double(run % 10)
    return moved
  }
}
