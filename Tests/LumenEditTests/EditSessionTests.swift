import Foundation
import LumenCodecs
import LumenCore
import LumenLayers
import LumenTestSupport
import Testing

@testable import LumenEdit

@Suite struct EditSessionTests {
  let photo = PackagePaths.sample("coffee")

  func bytes(_ b: Bitmap) -> [UInt8] { b.withUnsafeBytes { Array($0) } }

  @Test func previewsHaveThePreviewSizeAndReuseTheGeometryCorrectly() throws {
    let session = EditSession(contentsOf: photo, previewLongSide: 300)
    var d = EditDocument()
    d.crop = CropSettings(x: 0.1, y: 0.1, width: 0.5, height: 0.5)
    let first = try session.preview(d)
    #expect(first.width == 150 && first.height == 100)
    // A slider change reuses the cached geometry; a fresh session must give the same bytes.
    d.adjustments.contrast = 0.4
    let changed = try session.preview(d)
    let fresh = try EditSession(contentsOf: photo, previewLongSide: 300).preview(d)
    #expect(bytes(changed) == bytes(fresh))
    #expect(bytes(changed) != bytes(first))
    // A geometry change is not served from the old cache.
    d.crop = CropSettings(x: 0, y: 0, width: 1, height: 1)
    #expect(try session.preview(d).width == 300)
  }

  @Test func exportWritesTheFullResolution() throws {
    let out = try Scratch.directory().appendingPathComponent("session.png")
    var d = EditDocument()
    d.orientation.quarterTurns = 1
    try EditSession(contentsOf: photo).export(d, to: out)
    let info = try ImageFile.info(out)
    #expect(info.width == 400 && info.height == 600)
  }

  /// With layers, an export decodes its photo while they are drawn: the file holds what the
  /// photo streamed through the same document gives (its layers drawn as the render reaches
  /// them, none kept: an export renders once, a preview keeps them for the next), and a
  /// truncated photo still fails the export, leaving nothing behind.
  @Test func anExportDecodesItsPhotoWhileLayersAreDrawn() throws {
    var d = EditDocument()
    d.adjustments.contrast = 0.3
    d.layers = [
      Layer(
        id: "card",
        content: ShapeContent(
          shape: .ellipse, fill: LayerColor(red: 0.2, green: 0.4, blue: 1, alpha: 0.7)),
        transform: LayerTransform(x: 0.4, y: 0.5, width: 0.3, height: 0.4))
    ]
    let folder = try Scratch.directory()
    let out = folder.appendingPathComponent("layered.png")
    let session = EditSession(contentsOf: photo)
    try session.export(d, to: out)
    #expect(session.resources.drawnLayers.count == 0)
    var once = EditResources()
    once.keepsDrawings = false
    let streamed = try Renderer().bitmap(
      of: d.apply(to: Photo(contentsOf: photo).image, resources: once), format: .rgb8)
    let written = try Photo(contentsOf: out, options: DecodeOptions()).decoded.bitmap
    #expect(bytes(written) == bytes(streamed))
    _ = try session.preview(d)
    #expect(session.resources.drawnLayers.count == 1)

    let cut = folder.appendingPathComponent("cut.jpg")
    let whole = try Data(contentsOf: photo)
    try whole.prefix(whole.count / 2).write(to: cut)
    let failed = folder.appendingPathComponent("failed.png")
    #expect(throws: (any Error).self) { try EditSession(contentsOf: cut).export(d, to: failed) }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "cut.jpg", "layered.png",
      ])
  }

  /// Magic is an analysis of the source: one for every preview and the export while the crop
  /// stays, a new one when it changes.
  @Test func magicIsAnalysedOncePerCrop() throws {
    let context = RenderContext(threadCount: 2)
    let session = EditSession(contentsOf: photo, previewLongSide: 300, context: context)
    var d = EditDocument()
    d.magic = true
    d.crop = CropSettings(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
    let first = try session.preview(d)
    d.adjustments.contrast = 0.3
    let changed = try session.preview(d)
    #expect(bytes(first) != bytes(changed))
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("magic-\(UUID()).png")
    defer { try? FileManager.default.removeItem(at: out) }
    try session.export(d, to: out)
    try session.export(d, to: out, atPreviewSize: true, overwrite: true)
    #expect(context.analysisCount == 1)
    d.crop = CropSettings(x: 0, y: 0, width: 0.5, height: 0.5)
    _ = try session.preview(d)
    #expect(context.analysisCount == 2)
  }

  /// Given the analysis, a document renders to the bytes of one that analyses the picture
  /// itself, without analysing again.
  @Test func aKeptAnalysisGivesTheSameBytes() throws {
    let original = try Photo(contentsOf: photo).image
    var d = EditDocument()
    d.magic = true
    d.crop = CropSettings(x: 0.2, y: 0, width: 0.7, height: 0.9)
    let context = RenderContext(threadCount: 2)
    let inline = try context.bitmap(of: d.apply(to: original, context: context), format: .rgb8)
    let analysis = try d.magicAnalysis(of: original, context: context)
    #expect(context.analysisCount == 2)
    let kept = try context.bitmap(
      of: d.apply(to: original, magic: analysis, context: context), format: .rgb8)
    #expect(context.analysisCount == 2)
    #expect(bytes(kept) == bytes(inline))
  }

  /// Eight documents (magic, a look, focus blur, clarity's blur, crops) rendered through two
  /// one-thread contexts at once give the bytes of renders one after another.
  @Test func documentsInTwoContextsAtOnceMatchRendersInTurn() async throws {
    let original = try Photo(contentsOf: photo).image
    let cube = ColorCube(size: 17) { c in
      RGBA(red: c.red * c.red, green: (c.green + c.blue) / 2, blue: 1 - c.blue)
    }
    let resources = EditResources(
      look: { _ in cube }, image: { _ in throw CocoaError(.fileNoSuchFile) })
    var documents: [EditDocument] = []
    for i in 0..<8 {
      var d = EditDocument()
      d.magic = i % 2 == 0
      d.adjustments.contrast = 0.1 * Double(i % 3)
      d.adjustments.saturation = 0.2
      if i % 4 < 2 { d.look = LookChoice(id: "grade", intensity: 0.5 + 0.1 * Double(i)) }
      if i % 3 == 0 {
        var focus = FocusSettings(mode: .radial)
        focus.blur = 0.01
        d.focus = focus
      }
      if i % 4 == 1 { d.adjustments.clarity = 0.4 }
      if i >= 4 { d.crop = CropSettings(x: 0.05 * Double(i - 3), y: 0.1, width: 0.6, height: 0.7) }
      documents.append(d)
    }
    func render(_ d: EditDocument, in context: RenderContext) throws -> [UInt8] {
      bytes(
        try context.bitmap(
          of: d.apply(to: original, resources: resources, context: context), format: .rgb8))
    }
    let alone = RenderContext(threadCount: 1)
    let expected = try documents.map { try render($0, in: alone) }
    let all = documents
    let contexts = [RenderContext(threadCount: 1), RenderContext(threadCount: 1)]
    let rendered = try await withThrowingTaskGroup(of: [(Int, [UInt8])].self) { group in
      for (c, context) in contexts.enumerated() {
        group.addTask {
          let order = c == 0 ? Array(all.indices) : all.indices.reversed()
          return try order.map { i in (i, try render(all[i], in: context)) }
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(rendered.count == 2 * all.count)
    for (i, out) in rendered { #expect(out == expected[i], "document \(i)") }
  }
}
