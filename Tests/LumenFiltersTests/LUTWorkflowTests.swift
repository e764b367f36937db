import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenFilters

/// The identity-image workflow through real files: an identity written as PNG, read back as a
/// look, leaves a photo's levels unchanged.
@Suite struct LUTWorkflowTests {
  @Test(arguments: [
    ("tiled8x8", 8), ("tiled:5x25", 8), ("hald:8", 8), ("hald:6", 16), ("cube:17", 8),
  ])
  func identityFilesRoundTripAPhoto(layoutText: String, depth: Int) throws {
    let directory = try Scratch.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let layout = try LUTLayout(parsing: layoutText)
    let file = directory.appendingPathComponent(
      layoutText.hasPrefix("cube") ? "identity.cube" : "identity.png")
    let size =
      switch layout {
      case .cube(let size): size ?? 33
      case .hald(let level): (level ?? 8) * (level ?? 8)
      case .tiled(let tiles): tiles.levels
      }
    try LUTFile.write(
      CubeFile(lut: .cube(.identity(size: size))), to: file, layout: layout,
      sample: depth == 16 ? .uint16 : .uint8
    ) { bitmap, url in try ImageFile.write(bitmap, to: url) }
    let lut = try LUTFile.read(file, layout: layout) { try ImageFile.read($0).bitmap }.lut

    let photo = try ImageFile.read(PackagePaths.sample("coffee")).bitmap
    let plain = try Renderer().bitmap(of: Image(bitmap: photo), format: .rgb8)
    for interpolation in CubeInterpolation.allCases {
      let looked = try Renderer().bitmap(
        of: Image(bitmap: photo).applying(lut, interpolation: interpolation), format: .rgb8)
      let same = plain.withUnsafeBytes { a in looked.withUnsafeBytes { b in a.elementsEqual(b) } }
      #expect(same, "\(layoutText) \(interpolation) changed the photo")
    }
  }

  @Test func imagesNeedADeclaredLayout() {
    #expect(throws: LUTError.self) {
      try LUTFile.read(URL(fileURLWithPath: "graded.png"), layout: nil) { _ in
        Issue.record("decoded an image of unknown layout")
        return ColorCube.identity(size: 2).image(layout: .hald(level: 2))
      }
    }
  }
}
