import Foundation
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Inputs the fuzzers (scripts/fuzz.sh) found, kept in fuzz/regressions/<target>/. Each bug's
/// fix belongs to the codecs; until it lands the test is a known issue, and once fixed the
/// known issue is no longer recorded, which fails the test so that its wrapper is removed.
struct CodecsFuzzRegressionTests {
  static func input(_ target: String, _ name: String) throws -> Data {
    try Data(
      contentsOf: PackagePaths.root.appendingPathComponent("fuzz/regressions/\(target)/\(name)"))
  }

  /// A GPS block whose values claim to start at offset 0 (131077 bytes of them): the prepared
  /// payload must stay readable and be a fixed point of preparing.
  @Test func preparedExifStaysReadable() throws {
    let exif = try Self.input("exif", "gps-values-at-offset-zero-erase-the-header")
    for stripGPS in [false, true] {
      guard let prepared = Exif.prepareForOutput(exif, width: 4, height: 3, stripGPS: stripGPS)
      else { continue }
      #expect(
        Exif.prepareForOutput(prepared, width: 4, height: 3, stripGPS: stripGPS) == prepared)
    }
  }

  /// libheif's messages end with a newline; errors are one line.
  @Test func heifErrorIsOneLine() throws {
    let data = try Self.input("image", "heif-error-with-newline.heic")
    let error = #expect(throws: CodecError.self) {
      try ImageFile.read(data: data, name: "x.heic")
    }
    #expect(error?.description.contains("\n") == false, "\(error.debugDescription)")
  }

  /// A grid whose descriptor asks for a far larger picture than its `ispe` declares (542 bytes
  /// asking libheif for 1.2 GB): refused before libheif allocates the grid, not after.
  @Test func heifGridLargerThanDeclaredIsRefusedFirst() throws {
    let data = try Self.input("image", "heif-grid-larger-than-its-ispe.heic")
    let error = #expect(throws: CodecError.self) { try ImageFile.read(data: data, name: "x.heic") }
    #expect(error?.description.contains("grid is larger") == true, "\(error.debugDescription)")
  }

  /// An ICC profile's description (any bytes, any length) is quoted in an error: it must not
  /// break the error's single line.
  @Test func iccDescriptionInErrorIsOneLine() throws {
    let data = try Self.input("image", "icc-description-with-newline.jpg")
    let error = #expect(throws: CodecError.self) { try ImageFile.read(data: data, name: "x.jpg") }
    #expect(error?.description.contains("\n") == false, "\(error.debugDescription)")
  }

  /// Debian's librsvg 2.54 aborts (a Rust assertion in its text layout) drawing text of an
  /// absurd font size: the drawing fails with one line naming the panic, and this process
  /// lives on to draw the next document.
  @Test func librsvgAbortingIsAnError() throws {
    let data = try Self.input("svg", "librsvg-aborts-on-a-huge-font-size.svg")
    let drawing = try SVGImage(data: data, name: "x.svg")
    let error = #expect(throws: CodecError.self) { try drawing.bitmap(width: 17, height: 9) }
    let text = error.map { "\($0)" } ?? ""
    #expect(text.hasPrefix("x.svg: ") && text.contains("librsvg stopped") && !text.contains("\n"))
    #expect(text.contains("panicked at"), "\(text)")
    let box =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="2" height="2"/></svg>"#
    let bitmap = try SVGImage(data: Data(box.utf8), name: "box.svg").bitmap(width: 4, height: 2)
    #expect(
      bitmap.withUnsafeBytes { Array($0) } == [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0]
        + [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0])
  }
}
