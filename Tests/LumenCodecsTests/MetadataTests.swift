import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// What an exported photo says about itself, read back with exiftool: the camera and dates
/// are kept, GPS unless stripped, nothing but the colour profile with `stripMetadata`; never
/// the original's thumbnail, its stored size or a turning orientation.
struct MetadataTests {
  /// A 600x400 photo that exiftool tagged as a phone would: camera, date, GPS, Orientation 6
  /// (stored sideways, shown 400x600), the sensor's size and a thumbnail in IFD1.
  static func taggedPhoto() throws -> URL {
    let directory = try Scratch.directory()
    let photo = directory.appendingPathComponent("phone.jpg")
    let thumbnail = directory.appendingPathComponent("thumbnail.jpg")
    try FileManager.default.copyItem(
      at: PackagePaths.root.appendingPathComponent("samples/coffee.jpg"), to: photo)
    try ImageFile.write(Support.testBitmap(width: 160, height: 120), to: thumbnail)
    try Program.output(
      of: "exiftool",
      [
        "-q", "-overwrite_original", "-Make=LumenCam", "-Model=Test 1",
        "-DateTimeOriginal=2024:05:06 07:08:09", "-GPSLatitude=48.85", "-GPSLatitudeRef=N",
        "-GPSLongitude=2.35", "-GPSLongitudeRef=E", "-Orientation#=6", "-ExifImageWidth=4000",
        "-ExifImageHeight=3000", "-ThumbnailImage<=\(thumbnail.path)", photo.path,
      ])
    return photo
  }

  /// exiftool's reading of `file`: tag name to value, numbers as numbers (`-n`).
  static func tags(_ file: URL) throws -> [String: Any] {
    let json = try Program.output(of: "exiftool", ["-j", "-n", "-G1", file.path])
    let objects = try JSONSerialization.jsonObject(with: json) as? [[String: Any]]
    return try #require(objects?.first)
  }

  /// The value of the first tag named `name` in any group.
  static func value(_ name: String, in tags: [String: Any]) -> Any? {
    tags.first { $0.key.split(separator: ":").last.map(String.init) == name }?.value
  }

  static let formats = ["jpg", "png", "webp"] + (HEIFEncoder.isAvailable ? ["heic"] : [])

  @Test(.tags(.oracle), .requires(.exiftool), arguments: formats)
  func defaultPolicy(fileExtension: String) throws {
    let source = try Self.taggedPhoto()
    #expect(Self.value("ThumbnailLength", in: try Self.tags(source)) != nil)
    let photo = try Photo(contentsOf: source)
    let output = source.deletingLastPathComponent().appendingPathComponent("out.\(fileExtension)")
    try photo.export(photo.image, to: output)
    let tags = try Self.tags(output)
    #expect(Self.value("Make", in: tags) as? String == "LumenCam")
    #expect(Self.value("Model", in: tags) as? String == "Test 1")
    #expect(Self.value("DateTimeOriginal", in: tags) as? String == "2024:05:06 07:08:09")
    #expect((Self.value("GPSLatitude", in: tags) as? Double).map { abs($0 - 48.85) < 1e-6 } == true)
    #expect(Self.value("ThumbnailLength", in: tags) == nil)
    #expect(Self.value("ThumbnailImage", in: tags) == nil)
    #expect(Self.value("ThumbnailOffset", in: tags) == nil)
    #expect(Self.value("Orientation", in: tags) as? Int == 1)
    #expect(Self.value("ExifImageWidth", in: tags) as? Int == 400)
    #expect(Self.value("ExifImageHeight", in: tags) as? Int == 600)
    #expect(Self.value("Warning", in: tags) == nil, "\(tags)")
  }

  @Test(.tags(.oracle), .requires(.exiftool), arguments: formats)
  func stripping(fileExtension: String) throws {
    let source = try Self.taggedPhoto()
    let photo = try Photo(contentsOf: source)
    let folder = source.deletingLastPathComponent()
    let noGPS = folder.appendingPathComponent("no-gps.\(fileExtension)")
    try photo.export(photo.image, to: noGPS, options: EncodeOptions(stripGPS: true))
    let gpsless = try Self.tags(noGPS)
    #expect(!gpsless.keys.contains { $0.hasPrefix("GPS:") }, "\(gpsless.keys)")
    #expect(Self.value("Make", in: gpsless) as? String == "LumenCam")

    let bare = folder.appendingPathComponent("bare.\(fileExtension)")
    try photo.export(photo.image, to: bare, options: EncodeOptions(stripMetadata: true))
    let stripped = try Self.tags(bare)
    for name in ["Make", "Model", "DateTimeOriginal", "GPSLatitude", "ExifImageWidth"] {
      #expect(Self.value(name, in: stripped) == nil, "\(name) kept")
    }
    // The colour profile defines the colours: it stays.
    #expect(Self.value("ProfileDescription", in: stripped) != nil, "\(stripped.keys)")
  }

  /// IFD1, maker notes and sizes handled in the TIFF structure itself, in both byte orders.
  @Test(arguments: [false, true])
  func rebuiltStructure(bigEndian: Bool) throws {
    let exif = Self.exifWithThumbnail(bigEndian: bigEndian)
    let output = try #require(Exif.prepareForOutput(exif, width: 300, height: 200, stripGPS: false))
    let tiff = try #require(TIFFReader(output))
    let ifd0 = try #require(tiff.directory(at: tiff.firstIFDOffset))
    let nextIFD = tiff.u32(tiff.firstIFDOffset + 2 + 12 * ifd0.count)
    #expect(nextIFD == 0)
    #expect(ifd0.map(\.tag) == [0x010F, 0x0112, 0x8769])
    let exifIFD = try #require(
      ifd0.last?.unsigned(bigEndian: bigEndian).flatMap { tiff.directory(at: $0) })
    #expect(exifIFD.map(\.tag) == [0xA002, 0xA003])
    #expect(exifIFD.map { $0.unsigned(bigEndian: bigEndian) } == [300, 200])
    #expect(!output.contains(0xD8), "thumbnail bytes left")
  }

  /// IFD0 (Make, Orientation 6, EXIF pointer, thumbnail offset and length) linking IFD1, an
  /// EXIF IFD with the sensor's size and a maker note, and a fake JPEG thumbnail of 0xD8s.
  static func exifWithThumbnail(bigEndian: Bool) -> Data {
    let writer = TIFFWriter(bigEndian: bigEndian)
    let make = TIFFField(tag: 0x010F, type: 2, count: 8, value: Array("LumenCa\0".utf8))
    let makerNote = TIFFField(
      tag: 0x927C, type: 7, count: 16, value: [UInt8](repeating: 0xD8, count: 16))
    let sub = TIFFDirectory(fields: [
      writer.short(0xA002, 4000), writer.short(0xA003, 3000), makerNote,
    ])
    var root = TIFFDirectory(fields: [make, writer.short(0x0112, 6)])
    root.children = [.init(tag: 0x8769, directory: sub)]
    var bytes = [UInt8](TIFFWriter.data(of: root, bigEndian: bigEndian))
    // Link an IFD1 with a thumbnail after everything, as cameras do.
    let ifd1 = bytes.count
    let thumbnail = ifd1 + 2 + 24 + 4
    let ifd1Fields = [writer.long(0x0201, thumbnail), writer.long(0x0202, 32)]
    func put32(_ value: Int, at offset: Int) {
      let field = writer.long(0, value)
      bytes.replaceSubrange(offset..<(offset + 4), with: field.value)
    }
    bytes += writer.short(0, 2).value
    for field in ifd1Fields {
      bytes += writer.short(0, field.tag).value + writer.short(0, 4).value
      bytes += writer.long(0, 1).value + field.value
    }
    bytes += [0, 0, 0, 0] + [UInt8](repeating: 0xD8, count: 32)
    put32(ifd1, at: 8 + 2 + 12 * 3)
    return Data(bytes)
  }
}
