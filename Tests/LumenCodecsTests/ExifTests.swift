import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// EXIF orientation on reading, and EXIF carried to output with Orientation reset and GPS
/// optionally stripped, checked with Pillow and exiftool as independent readers.
struct ExifTests {
  /// orientation-N.jpg for N in 1...8, made once by Pillow.
  static let fixtures: Result<URL, any Error> = Result {
    let directory = try Scratch.directory()
    try Oracle.runScript("codecs_exif.py", ["make", directory.path])
    return directory
  }

  static func fixture(_ orientation: Int) throws -> URL {
    try fixtures.get().appendingPathComponent("orientation-\(orientation).jpg")
  }

  @Test(.tags(.oracle), .requires(.python), arguments: 1...8)
  func orientationIsRead(value: Int) throws {
    let url = try Self.fixture(value)
    let decoded = try ImageFile.read(url)
    #expect(decoded.orientation.rawValue == value)
    #expect(decoded.bitmap.width == 24 && decoded.bitmap.height == 16)
    #expect(try ImageFile.info(url).orientation.rawValue == value)
  }

  @Test(.tags(.oracle), .requires(.python, .exiftool), arguments: [false, true])
  func exifIsCarriedToJPEG(stripGPS: Bool) throws {
    let decoded = try ImageFile.read(try Self.fixture(6))
    let exif = try #require(decoded.exif)
    let output = try Scratch.directory().appendingPathComponent("out.jpg")
    try ImageFile.write(
      decoded.bitmap, to: output, options: EncodeOptions(exif: exif, stripGPS: stripGPS))

    let pillow = try Oracle.runScript("codecs_exif.py", ["read", output.path])
    #expect(pillow.trimmingCharacters(in: .whitespacesAndNewlines) == "1 \(stripGPS ? 0 : 1)")
    let tags = try Program.text(
      of: "exiftool",
      ["-s", "-s", "-s", "-n", "-Orientation", "-Make", "-GPSLatitude", output.path])
    let lines = tags.split(separator: "\n")
    #expect(lines.first == "1")
    #expect(lines.contains("Lumen test camera"))
    #expect(lines.count == (stripGPS ? 2 : 3))
    #expect(try ImageFile.read(output).orientation == .up)
  }

  @Test(arguments: [false, true])
  func exifRewriteInBothByteOrders(bigEndian: Bool) throws {
    let tiff = Self.tiff(bigEndian: bigEndian, orientation: 8)
    #expect(Exif.orientation(in: tiff) == .left)
    #expect(Exif.orientation(in: Data("Exif\0\0".utf8) + tiff) == .left)
    let rewritten = try #require(
      Exif.prepareForOutput(tiff, width: 10, height: 10, stripGPS: true))
    #expect(Exif.orientation(in: rewritten) == .up)
    // Rebuilt without the GPS pointer and the GPS IFD: header, one entry, no next IFD.
    #expect(rewritten.count == 8 + 2 + 12 + 4)
    #expect(!rewritten.contains(0x88))
    let kept = try #require(Exif.prepareForOutput(tiff, width: 10, height: 10, stripGPS: false))
    #expect(kept.count == tiff.count)
    #expect(Exif.orientation(in: kept) == .up)
  }

  @Test func damagedExifIsIgnored() {
    var tiff = Self.tiff(bigEndian: false, orientation: 3)
    tiff[8] = 0xFF  // an entry count reaching far past the end
    #expect(Exif.orientation(in: tiff) == nil)
    #expect(Exif.prepareForOutput(tiff, width: 1, height: 1, stripGPS: true) == nil)
    // A GPS pointer past the end drops the payload too (unless GPS is stripped anyway).
    var badGPS = Self.tiff(bigEndian: true, orientation: 3)
    badGPS[33] = 0xF0  // the GPS IFD pointer (big-endian, bytes 30...33) past the end
    #expect(Exif.prepareForOutput(badGPS, width: 1, height: 1, stripGPS: false) == nil)
    #expect(Exif.prepareForOutput(badGPS, width: 1, height: 1, stripGPS: true) != nil)
    #expect(Exif.orientation(in: Data([0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F])) == nil)
    #expect(Exif.orientation(in: Data()) == nil)
  }

  /// A minimal TIFF: IFD0 at 8 with Orientation and a GPS pointer to an IFD at 38 holding one
  /// 8-byte value at 56.
  static func tiff(bigEndian: Bool, orientation: Int) -> Data {
    var bytes: [UInt8] = []
    func u16(_ v: Int) {
      bytes += bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)]
    }
    func u32(_ v: Int) {
      if bigEndian {
        u16(v >> 16)
        u16(v & 0xFFFF)
      } else {
        u16(v & 0xFFFF)
        u16(v >> 16)
      }
    }
    bytes += bigEndian ? Array("MM".utf8) : Array("II".utf8)
    u16(42)
    u32(8)
    u16(2)  // IFD0 at 8: two entries
    u16(0x0112)
    u16(3)
    u32(1)
    u16(orientation)
    u16(0)
    u16(0x8825)
    u16(4)
    u32(1)
    u32(38)
    u32(0)  // no next IFD; IFD0 ends at 38
    u16(1)  // GPS IFD at 38: latitude ref... as one RATIONAL at 56
    u16(2)
    u16(5)
    u32(1)
    u32(56)
    u32(0)
    u32(48)
    u32(1)  // the rational, bytes 56..<64
    return Data(bytes)
  }
}
