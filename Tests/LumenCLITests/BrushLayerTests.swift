import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// Brush layers in edit documents: resolution independent, and bad strokes refused by path.
struct BrushLayerTests {
  static let document = """
    {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
     {"id":"doodle","kind":"brush","smoothing":0.5,"strokes":[
       {"points":[[0.1,0.2],[0.3,0.35],[0.5,0.25],[0.7,0.5],[0.9,0.4]],"size":0.04,
        "color":[0.9,0.1,0.2,1]},
       {"points":[[0.2,0.7],[0.8,0.75]],"size":0.08,"hardness":0.3,"color":[0.1,0.3,0.9,1],
        "opacity":0.8},
       {"points":[[0.5,0.1],[0.5,0.9]],"size":0.03,"eraser":true}]}]}
    """

  /// A preview (long side 300) equals the export (1200) scaled down to it.
  @Test(.tags(.oracle), .requires(.imageMagick))
  func previewMatchesTheExportScaledDown() throws {
    let folder = try CLI.scratch()
    let photo = folder.appendingPathComponent("plain.png")
    try ImageFile.write(
      Bitmap(width: 1200, height: 800, format: .rgb8) { bytes in
        for index in bytes.indices { bytes[index] = 220 }
      }, to: photo)
    let doc = folder.appendingPathComponent("doc.json")
    try Data(Self.document.utf8).write(to: doc)
    let (a, b) = try CLI.previewAndScaledExport(photo: photo, document: doc)
    let ink = samples(of: a).filter { $0 < 0.5 }.count
    #expect(ink > 300, "the preview shows the strokes (\(ink) dark samples)")
    #expect(psnr(a, b) >= 40, "\(psnr(a, b)) dB")
  }

  @Test(arguments: [
    (#""strokes":[{"points":[[0.1,"x"]]}]"#, "layers[0].strokes[0].points[0][1]"),
    (#""strokes":[{"points":[[0.1,0.2,0.3]]}]"#, "layers[0].strokes[0].points[0]"),
    (#""strokes":[{"points":[[0.1,1e300]]}]"#, "layers[0].strokes[0].points[0][1]"),
    (#""strokes":[{"points":[],"size":0}]"#, "layers[0].strokes[0].size"),
    (#""strokes":[{"points":[],"hardness":2}]"#, "layers[0].strokes[0].hardness"),
    (#""strokes":[{"points":[],"brush":1}]"#, "layers[0].strokes[0]"),
    (#""strokes":{}"#, "layers[0].strokes"),
  ])
  func badStrokesAreRefusedNamingTheirPath(members: String, path: String) throws {
    let folder = try CLI.scratch()
    let doc = folder.appendingPathComponent("doc.json")
    let json =
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[{"id":"d","kind":"brush","#
      + members + "}]}"
    try Data(json.utf8).write(to: doc)
    let result = try CLI.run("doc", "validate", doc.path)
    #expect(result.status == 1)
    #expect(result.errors.contains(path), "\(result.errors)")
    #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
  }
}
