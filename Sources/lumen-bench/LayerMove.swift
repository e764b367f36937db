import Foundation
import LumenEdit
import LumenLayers

/// The preview of a document with layers re-rendered after moving its first sticker (an
/// image layer with a transform), 25 times (`RUNS` in the environment): what an editor
/// dragging a layer waits for.
func benchmarkLayerMove(photo: String, document path: String, longSide: Int) throws {
  var document = try EditDocument(json: Data(contentsOf: URL(fileURLWithPath: path)))
  guard
    let index = document.layers.firstIndex(where: {
      $0.content is ImageContent && $0.transform != nil
    }), let start = document.layers[index].transform
  else { throw CocoaError(.featureUnsupported) }
  let session = EditSession(contentsOf: URL(fileURLWithPath: photo), previewLongSide: longSide)
  let first = Date()
  _ = try session.preview(document)
  print(
    String(
      format: "first preview with layers (decode, fonts, drawings): %.1f ms",
      Date().timeIntervalSince(first) * 1000))
  var times: [Double] = []
  for i in 0..<(Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 25) {
    var moved = start
    moved.x = start.x - 0.01 * Double(i % 10)
    document.layers[index].transform = moved
    let t0 = Date()
    _ = try session.preview(document)
    times.append(Date().timeIntervalSince(t0) * 1000)
  }
  times.sort()
  print(
    String(
      format: "layer move re-render (%@): median %.1f ms (min %.1f, max %.1f, %d runs)",
      document.layers[index].id, times[times.count / 2], times[0], times[times.count - 1],
      times.count))
}
