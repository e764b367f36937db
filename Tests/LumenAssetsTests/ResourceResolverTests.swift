import Foundation
import LumenCodecs
import LumenCore
import LumenFilters
import LumenTestSupport
import Testing

@testable import LumenAssets

#if canImport(Glibc)
  import Glibc
#endif

/// The resolver reads what a document names inside its allowed folders and nothing else.
@Suite struct ResourceResolverTests {
  /// A scratch tree: `root/doc/` (the document's folder, with a sticker, a .cube and a tiled
  /// LUT image) and `root/outside/secret.png` beside it.
  final class Tree {
    let root: URL
    var document: URL { root.appendingPathComponent("doc") }
    var outside: URL { root.appendingPathComponent("outside") }

    init() throws {
      root = try Scratch.directory()
      for folder in ["doc/luts", "outside"] {
        try FileManager.default.createDirectory(
          at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
      }
      let sticker = Bitmap(width: 4, height: 2, format: .rgba8) { bytes in
        for i in 0..<bytes.count { bytes[i] = i % 4 == 3 ? 128 : UInt8(i * 7 % 256) }
      }
      try ImageFile.write(sticker, to: document.appendingPathComponent("sticker.png"))
      try ImageFile.write(sticker, to: outside.appendingPathComponent("secret.png"))
      let inverted = CubeFile(
        lut: .cube(
          ColorCube(size: 9) { RGBA(red: 1 - $0.red, green: 1 - $0.green, blue: 1 - $0.blue) }))
      try inverted.write(to: document.appendingPathComponent("luts/invert.cube"))
      try LUTFile.write(
        inverted, to: document.appendingPathComponent("luts/invert.png"),
        layout: .tiled(.classic)
      ) { bitmap, url in try ImageFile.write(bitmap, to: url) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  @Test func relativePathsResolveAgainstTheDocumentsFolder() throws {
    let tree = try Tree()
    let resolver = ResourceResolver(base: tree.document)
    let image = try resolver.image("sticker.png")
    #expect(image.extent == Rect(x: 0, y: 0, width: 4, height: 2))
    #expect(!image.isOpaque)
    #expect(try resolver.url(for: "luts/../sticker.png").lastPathComponent == "sticker.png")
  }

  @Test(arguments: ["../outside/secret.png", "luts/../../outside/secret.png"])
  func parentFoldersCannotLeaveTheRoots(reference: String) throws {
    let tree = try Tree()
    let resolver = ResourceResolver(base: tree.document)
    #expect(throws: ResourceError.self) { try resolver.image(reference) }
    do {
      _ = try resolver.url(for: reference)
    } catch {
      guard case ResourceError.outsideAllowedRoots = error else {
        Issue.record("expected outsideAllowedRoots, got \(error)")
        return
      }
    }
  }

  @Test func absolutePathsNeedAnAllowedRoot() throws {
    let tree = try Tree()
    let secret = tree.outside.appendingPathComponent("secret.png").path
    #expect(throws: ResourceError.outsideAllowedRoots(reference: secret, path: canonical(secret))) {
      try ResourceResolver(base: tree.document).url(for: secret)
    }
    #expect(
      throws: ResourceError.outsideAllowedRoots(reference: "/etc/passwd", path: "/etc/passwd")
    ) {
      try ResourceResolver(base: tree.document).url(for: "/etc/passwd")
    }
    let widened = ResourceResolver(
      base: tree.document, allowedRoots: [tree.document, tree.outside])
    #expect(try widened.image(secret).extent.width == 4)
  }

  @Test func linksArePlacedWhereTheyLead() throws {
    let tree = try Tree()
    let link = tree.document.appendingPathComponent("innocent.png")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: tree.outside.appendingPathComponent("secret.png"))
    #expect(throws: ResourceError.self) {
      try ResourceResolver(base: tree.document).image("innocent.png")
    }
    let inside = tree.document.appendingPathComponent("alias.png")
    try FileManager.default.createSymbolicLink(
      at: inside, withDestinationURL: tree.document.appendingPathComponent("sticker.png"))
    #expect(try ResourceResolver(base: tree.document).image("alias.png").extent.width == 4)
  }

  @Test func onlyRegularFilesAreRead() throws {
    let tree = try Tree()
    let fifo = tree.document.appendingPathComponent("pipe.png").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let resolver = ResourceResolver(base: tree.document)
    #expect(throws: ResourceError.notRegularFile(reference: "pipe.png", path: canonical(fifo))) {
      try resolver.image("pipe.png")
    }
    #expect(
      throws: ResourceError.notRegularFile(
        reference: "luts", path: canonical(tree.document.appendingPathComponent("luts").path))
    ) {
      try resolver.image("luts")
    }
    #expect(throws: ResourceError.self) { try resolver.image("missing.png") }
    #expect(throws: ResourceError.invalidReference("")) { try resolver.image("") }
  }

  @Test func looksComeFromTheLibraryOrFromFiles() throws {
    let tree = try Tree()
    let resolver = ResourceResolver(base: tree.document)
    let noir = try resolver.colorCube(forLook: "noir")
    #expect(noir == (try LookLibrary.builtIn.look("noir").cube()))
    let fromCube = try resolver.colorCube(forLook: "luts/invert.cube")
    let fromImage = try resolver.colorCube(forLook: "luts/invert.png", layout: "tiled8x8")
    let gray = Image(color: RGBA(red: 0.2, green: 0.5, blue: 0.9, alpha: 1))
      .cropped(to: Rect(x: 0, y: 0, width: 1, height: 1))
    let a = try Renderer().bitmap(of: gray.applying(fromCube), format: .rgb8)
    let b = try Renderer().bitmap(of: gray.applying(fromImage), format: .rgb8)
    let pixelsA = a.withUnsafeBytes { Array($0) }
    let pixelsB = b.withUnsafeBytes { Array($0) }
    #expect(pixelsA.count == 3)
    for c in 0..<3 { #expect(abs(Int(pixelsA[c]) - Int(pixelsB[c])) <= 1) }
    #expect(throws: ResourceError.undeclaredLayout(reference: "luts/invert.png")) {
      try resolver.colorCube(forLook: "luts/invert.png")
    }
    #expect(throws: LookError.self) { try resolver.colorCube(forLook: "noSuchLook") }
    #expect(throws: ResourceError.self) {
      try resolver.colorCube(forLook: "../outside/secret.png", layout: "hald")
    }
  }

  /// The output being written is never read as a resource, whether named directly, through
  /// a symbolic link or through a hard link; with overwrite allowed (no output given) it is.
  @Test func theOutputIsNeverAResource() throws {
    let tree = try Tree()
    let sticker = tree.document.appendingPathComponent("sticker.png")
    let hard = tree.document.appendingPathComponent("hard.png")
    link(sticker.path, hard.path)
    let soft = tree.document.appendingPathComponent("soft.png")
    try FileManager.default.createSymbolicLink(at: soft, withDestinationURL: sticker)
    for output in [sticker, hard, soft] {
      let resolver = ResourceResolver(base: tree.document, output: output.path)
      let error = #expect(throws: ResourceError.self) { try resolver.image("sticker.png") }
      #expect(error == .isOutput(reference: "sticker.png", path: canonical(sticker.path)))
      #expect(throws: ResourceError.self) {
        try resolver.colorCube(forLook: "sticker.png", layout: "tiled8x8")
      }
      #expect(resolver.files.isEmpty)
    }
    #expect(try ResourceResolver(base: tree.document).image("sticker.png").extent.width == 4)
  }

  @Test func everyFileReadIsRecordedOnce() throws {
    let tree = try Tree()
    let resolver = ResourceResolver(
      base: tree.document, output: tree.document.appendingPathComponent("out.png").path)
    _ = try resolver.image("sticker.png")
    _ = try resolver.colorCube(forLook: "luts/invert.cube")
    _ = try resolver.image("./sticker.png")
    _ = try resolver.colorCube(forLook: "noir")
    #expect(
      resolver.files
        == ["sticker.png", "luts/invert.cube"].map {
          canonical(tree.document.appendingPathComponent($0).path)
        })
  }

  private func canonical(_ path: String) -> String { FileIdentity.canonical(path) ?? path }
}
