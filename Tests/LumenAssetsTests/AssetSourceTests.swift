import Foundation
import LumenCodecs
import LumenTestSupport
import Testing

@testable import LumenAssets

/// Asset sources: the built-in ones, manifests in CE.SDK's shape, and bad manifests.
struct AssetSourceTests {
  @Test func theBuiltInStickersAreDrawingsOrAnimationsWithThumbnailsInFolders() throws {
    let stickers = try AssetLibrary.builtIn.source("lumen.sticker")
    #expect(stickers.assets.count >= 40)
    #expect(stickers.groups.count >= 5)
    var animated = 0
    for asset in stickers.assets {
      #expect(asset.label() != asset.id && !(asset.tags["en"] ?? []).isEmpty, "\(asset.id)")
      let file = try stickers.file(of: asset).path
      let size: (width: Double, height: Double)
      if asset.mimeType == "image/webp" {
        // Animations: looping WebP made from our drawings by scripts/make-animated-stickers.sh.
        let animation = try AnimatedImage(contentsOf: file)
        #expect(animation.frames.count > 1 && animation.loopCount == nil, "\(asset.id)")
        size = (Double(animation.width), Double(animation.height))
        animated += 1
      } else {
        #expect(asset.mimeType == "image/svg+xml", "\(asset.id)")
        let drawing = try SVGImage(contentsOf: file)
        size = (drawing.width, drawing.height)
      }
      #expect(asset.kind == "sticker")
      #expect(size.width == Double(asset.width ?? 0) && size.height == Double(asset.height ?? 0))
      let thumbnail = try ImageFile.info(try #require(asset.thumbnailURI))
      #expect(max(thumbnail.width, thumbnail.height) == 128, "\(asset.id)")
    }
    #expect(animated >= 1)
  }

  @Test func theBuiltInFramesOverlaysFontsAndLooksAreSources() throws {
    let library = try AssetLibrary.builtIn
    let fonts = try library.source("lumen.font")
    #expect(fonts.assets.count >= 12)
    #expect(fonts.assets.allSatisfy { $0.payloadString("family") != nil && $0.kind == "font" })
    let frames = try library.source("lumen.frame")
    #expect(frames.assets.count >= 6)
    for frame in frames.assets {
      #expect(frame.kind == "frame" && frame.payload != nil)
      #expect(try ImageFile.info(try #require(frame.thumbnailURI)).width == 128)
    }
    // Overlays: full-canvas drawings (stretched over the picture), with thumbnails.
    let overlays = try library.source("lumen.overlay")
    #expect(overlays.assets.count >= 5)
    for overlay in overlays.assets {
      #expect(overlay.kind == "overlay" && overlay.mimeType == "image/svg+xml", "\(overlay.id)")
      let drawing = try SVGImage(contentsOf: try overlays.file(of: overlay).path)
      #expect(drawing.width == 1024 && drawing.height == 1024, "\(overlay.id)")
      #expect(try ImageFile.info(try #require(overlay.thumbnailURI)).width == 128)
    }
    let looks = try library.source("lumen.look")
    #expect(looks.assets.count == 68)
    #expect(looks.asset("chrome")?.payloadString("look") == "chrome")
  }

  /// A manifest as CE.SDK's documentation shapes them, with members Lumen does not use.
  @Test func aManifestInCESDKsShapeReads() throws {
    let folder = try Scratch.directory()
    try Data("<svg/>".utf8).write(to: folder.appendingPathComponent("a.svg"))
    let manifest = """
      {"version": "2.0.0", "id": "my.stickers", "assets": [
        {"id": "a", "label": {"en": "Ay", "de": "Ah"}, "tags": {"en": ["x", "y"]},
         "groups": ["g1"], "meta": {"uri": "{{base_url}}/a.svg", "thumbUri": "a.png",
         "mimeType": "image/svg+xml", "kind": "sticker", "width": 64, "height": 32,
         "blockType": "//ly.img.ubq/graphic", "fillType": "//ly.img.ubq/fill/image"},
         "payload": {"z": 1, "a": [true]}},
        {"id": "web", "meta": {"uri": "https://example.invalid/b.png"}}]}
      """
    let url = folder.appendingPathComponent("content.json")
    try Data(manifest.utf8).write(to: url)
    let source = try AssetSource(manifest: url)
    #expect(source.id == "my.stickers" && source.version == "2.0.0" && source.groups == ["g1"])
    let a = try #require(source.asset("a"))
    #expect(a.label(in: "de") == "Ah" && a.label(in: "fr") == "Ay" && a.tags["en"] == ["x", "y"])
    // Tags fall back to English as labels do: a search in German still finds the asset.
    #expect(a.tags(in: "de") == ["x", "y"] && a.tags(in: "en") == ["x", "y"])
    #expect(a.width == 64 && a.height == 32 && a.payload == #"{"a":[true],"z":1}"#)
    #expect(try source.file(of: a).lastPathComponent == "a.svg")
    #expect(a.thumbnailURI?.path == folder.appendingPathComponent("a.png").standardizedFileURL.path)
    let web = try #require(source.asset("web"))
    #expect(web.label() == "web")
    #expect(throws: AssetError.self) { try source.file(of: web) }
  }

  /// A URI leading out of the manifest's folder (by `..` or by a link) is not read.
  @Test func assetFilesStayInTheSourcesFolder() throws {
    let root = try Scratch.directory()
    let folder = root.appendingPathComponent("source")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("<svg/>".utf8).write(to: root.appendingPathComponent("secret.svg"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("link.svg"),
      withDestinationURL: root.appendingPathComponent("secret.svg"))
    let manifest =
      #"{"version":"1","id":"s","assets":[{"id":"up","meta":{"uri":"../secret.svg"}},"#
      + #"{"id":"link","meta":{"uri":"{{base_url}}/link.svg"}},"#
      + #"{"id":"abs","meta":{"uri":"/etc/passwd"}}]}"#
    let source = try AssetSource(
      manifest: Data(manifest.utf8), folder: folder, file: "content.json")
    for asset in source.assets {
      #expect(throws: AssetError.self, "\(asset.id)") { try source.file(of: asset) }
    }
  }

  @Test(arguments: [
    ("not json", ""), ("[]", ""), (#"{"version":"1","assets":[]}"#, "id"),
    (#"{"version":"1","id":"a b","assets":[]}"#, "id"),
    (#"{"version":"1","id":"s","assets":{}}"#, "assets"),
    (#"{"version":"1","id":"s","assets":[{"id":"a"},{"id":"a"}]}"#, "assets[1].id"),
    (#"{"version":"1","id":"s","assets":[{"id":""}]}"#, "assets[0].id"),
    (#"{"version":"1","id":"s","assets":[{"id":"a\u0007"}]}"#, "assets[0].id"),
    (
      #"{"version":"1","id":"s","assets":[{"id":"a","meta":{"width":1e300}}]}"#,
      "assets[0].meta.width"
    ),
    (
      #"{"version":"1","id":"s","assets":[{"id":"a","meta":{"width":1.5}}]}"#,
      "assets[0].meta.width"
    ),
    (
      #"{"version":"1","id":"s","assets":[{"id":"a","meta":{"height":true}}]}"#,
      "assets[0].meta.height"
    ),
    (#"{"version":"1","id":"s","assets":[{"id":"a","label":{"en":7}}]}"#, "assets[0].label.en"),
    (#"{"version":"1","id":"s","assets":[{"id":"a","tags":{"en":"x"}}]}"#, "assets[0].tags.en"),
    (#"{"version":"1","id":"s","assets":[{"id":"a","payload":"x"}]}"#, "assets[0].payload"),
  ])
  func badManifestsAreOneLineNamingThePath(json: String, path: String) {
    #expect {
      try AssetSource(manifest: Data(json.utf8), folder: URL(fileURLWithPath: "/"), file: "m.json")
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("m.json: \(path.isEmpty ? "" : path + ": ")") && !text.contains("\n")
    }
  }

  @Test func aFIFOOrAHugeManifestIsRefusedBeforeParsing() throws {
    let folder = try Scratch.directory()
    let fifo = folder.appendingPathComponent("content.json")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(throws: AssetError.self) { try AssetSource(manifest: fifo) }
    let huge = folder.appendingPathComponent("huge.json")
    try Data(repeating: 0x20, count: AssetSource.maxManifestSize + 1).write(to: huge)
    #expect(throws: AssetError.self) { try AssetSource(manifest: huge) }
  }

  @Test func referencesAndDuplicateSources() throws {
    #expect(AssetReference(parsing: "asset:lumen.sticker/food/donut")?.id == "food/donut")
    #expect(AssetReference(parsing: "asset:lumen.sticker/food/donut")?.source == "lumen.sticker")
    for bad in ["asset:", "asset:x", "asset:/y", "asset:x/", "sticker.svg"] {
      #expect(AssetReference(parsing: bad) == nil, "\(bad)")
    }
    var library = try AssetLibrary.builtIn
    #expect(throws: AssetError.duplicateSource("lumen.sticker")) {
      try library.register(
        AssetSource(id: "lumen.sticker", folder: URL(fileURLWithPath: "/"), assets: []))
    }
    #expect(throws: AssetError.self) {
      try library.asset(AssetReference(source: "lumen.sticker", id: "nope"))
    }
  }
}
