import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// `lumen assets list` and documents naming assets (`asset:SOURCE/ID`) from the built-in
/// sources and from a source registered with `--asset-source`.
struct AssetsCommandTests {
  @Test func listsEveryBuiltInSourceAsJSON() throws {
    let result = try CLI.run("assets", "list", "--json")
    #expect(result.status == 0, "\(result.errors)")
    let objects = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let sources = Dictionary(grouping: objects) { $0["source"] as? String ?? "" }
    #expect((sources["lumen.sticker"]?.count ?? 0) >= 40)
    #expect((sources["lumen.font"]?.count ?? 0) >= 12)
    #expect(sources["lumen.look"]?.count == 68)
    let sticker = try #require(sources["lumen.sticker"]?.first)
    #expect((sticker["reference"] as? String)?.hasPrefix("asset:lumen.sticker/") == true)
    #expect(FileManager.default.fileExists(atPath: sticker["uri"] as? String ?? ""))
    #expect(FileManager.default.fileExists(atPath: sticker["thumbUri"] as? String ?? ""))
    let unknown = try CLI.run("assets", "list", "--source", "no.such")
    #expect(unknown.status == 1 && unknown.errors.contains("no.such"))
  }

  /// A user's source (a manifest beside its drawing) registered for one edit: its sticker
  /// is drawn where the document places it, next to a built-in sticker and font.
  @Test func aDocumentNamesAssetsOfARegisteredSource() throws {
    let folder = try CLI.scratch()
    let manifest = try Self.brandSource(in: folder)
    try ImageFile.write(
      Bitmap(width: 200, height: 100, format: .rgb8) {
        $0.initializeMemory(as: UInt8.self, repeating: 128)
      },
      to: folder.appendingPathComponent("grey.png"))
    let doc = folder.appendingPathComponent("doc.json")
    try Data(
      """
      {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
       {"id":"logo","kind":"image","source":"asset:brand/red",
        "transform":{"x":0.25,"y":0.5,"width":0.4,"height":0.4}},
       {"id":"smile","kind":"image","source":"asset:lumen.sticker/emoticons/smile",
        "transform":{"x":0.75,"y":0.5,"width":0.4,"height":0.4}}]}
      """.utf8
    ).write(to: doc)
    let output = folder.appendingPathComponent("out.png")
    let without = try CLI.run(
      "edit", folder.appendingPathComponent("grey.png").path, "--doc", doc.path, "-o", output.path)
    #expect(without.status == 1 && without.errors.contains("layers[0]"), "\(without.errors)")
    #expect(without.errors.contains("brand"), "\(without.errors)")
    let with = try CLI.run(
      "edit", folder.appendingPathComponent("grey.png").path, "--doc", doc.path, "-o", output.path,
      "--asset-source", manifest.path)
    #expect(with.status == 0, "\(with.errors)")
    let bitmap = try ImageFile.read(output).bitmap
    let red = bitmap.sample(x: 50, y: 50)
    #expect(red[0] > 0.99 && red[1] < 0.01 && red[2] < 0.01)
    let face = bitmap.sample(x: 150, y: 35)
    #expect(face[0] > 0.8 && face[2] < 0.5, "the smile's yellow: \(face)")
  }

  /// A user's source in `folder/brand`: one red SVG, `asset:brand/red`; its manifest's URL.
  static func brandSource(in folder: URL) throws -> URL {
    let assets = folder.appendingPathComponent("brand")
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"#
        .utf8
    ).write(to: assets.appendingPathComponent("red.svg"))
    let manifest = assets.appendingPathComponent("content.json")
    try Data(
      #"{"version":"1","id":"brand","assets":[{"id":"red","meta":{"uri":"{{base_url}}/red.svg"}}]}"#
        .utf8
    ).write(to: manifest)
    return manifest
  }

  /// The video commands take `--asset-source` too: a movie and a single frame draw the
  /// registered sticker, and without the source both name it in a clear error.
  @Test(.tags(.oracle), .requires(.ffmpeg))
  func videoCommandsNameAssetsOfARegisteredSource() throws {
    let folder = try CLI.scratch()
    let manifest = try Self.brandSource(in: folder)
    let clip = folder.appendingPathComponent("grey.mp4")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "color=c=gray:size=160x120:rate=10:duration=1", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", clip.path,
    ])
    let doc = folder.appendingPathComponent("doc.json")
    try Data(
      """
      {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
       {"id":"logo","kind":"image","source":"asset:brand/red",
        "transform":{"x":0.3,"y":0.5,"width":0.5,"height":0.5}}]}
      """.utf8
    ).write(to: doc)
    let movie = folder.appendingPathComponent("out.mp4")
    let still = folder.appendingPathComponent("frame.png")
    for (command, output) in [
      (["video", clip.path], movie), (["video", "frame", clip.path, "--at", "0.5"], still),
    ] {
      let without = try CLI.run(command + ["--doc", doc.path, "-o", output.path])
      #expect(without.status == 1 && without.errors.contains("brand"), "\(without.errors)")
      let with = try CLI.run(
        command + ["--doc", doc.path, "-o", output.path, "--asset-source", manifest.path])
      #expect(with.status == 0, "\(with.errors)")
    }
    func isRed(_ p: [Float]) -> Bool { p[0] > 0.8 && p[1] < 0.25 && p[2] < 0.25 }
    #expect(isRed(try ImageFile.read(still).bitmap.sample(x: 48, y: 60)))
    let frame = try VideoCommandTests.reference(movie, index: 5)
    #expect(isRed(frame.sample(x: 48, y: 60)), "\(frame.sample(x: 48, y: 60))")
    #expect(!isRed(frame.sample(x: 130, y: 60)))
  }
}
