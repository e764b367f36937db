import Foundation
import LumenCore

/// The EXIF Lumen reads (the orientation) and the EXIF it writes with an output.
///
/// Output EXIF is rebuilt, not patched: IFD0, the EXIF sub-IFD, the interoperability IFD and
/// (unless stripped) the GPS IFD are parsed with every offset checked and written into a fresh
/// structure, so that nothing they do not reference comes along. Any malformed part drops the
/// whole payload rather than copying damage.
enum Exif {
  private enum Tag {
    static let imageWidth = 0x0100
    static let imageHeight = 0x0101
    static let orientation = 0x0112
    static let exifIFD = 0x8769
    static let gpsIFD = 0x8825
    static let interopIFD = 0xA005
    static let pixelXDimension = 0xA002
    static let pixelYDimension = 0xA003
    static let makerNote = 0x927C
  }

  /// IFD0 tags that locate data of the source file (strips, tiles, the thumbnail, sub-images)
  /// or describe its colour (an ICC profile inside the EXIF): stale in any output.
  private static let sourceLayoutTags: Set = [
    0x0111, 0x0117, 0x0144, 0x0145, 0x014A, 0x0201, 0x0202, 0x8773,
  ]

  /// The Orientation (tag 274) in IFD0, or nil when absent or invalid.
  static func orientation(in exif: Data) -> Orientation? {
    guard let tiff = TIFFReader(exif), let ifd0 = tiff.directory(at: tiff.firstIFDOffset),
      let field = ifd0.first(where: { $0.tag == Tag.orientation && $0.type == 3 }),
      let value = field.unsigned(bigEndian: tiff.bigEndian)
    else { return nil }
    return Orientation(rawValue: value)
  }

  /// The EXIF to write with upright pixels of `width` x `height`: Orientation 1, the image
  /// size fields set to the output's, no thumbnail (IFD1, a picture of the unedited original),
  /// no maker notes (vendor blocks with offsets that do not survive a move, often holding
  /// preview images), and without the GPS IFD when `stripGPS`. Nil when the payload is
  /// malformed: a stale orientation or a leftover thumbnail is worse than no EXIF.
  static func prepareForOutput(_ exif: Data, width: Int, height: Int, stripGPS: Bool) -> Data? {
    guard let tiff = TIFFReader(exif), var ifd0 = tiff.directory(at: tiff.firstIFDOffset) else {
      return nil
    }
    let writer = TIFFWriter(bigEndian: tiff.bigEndian)
    /// The directory a pointer field of `fields` links to; nil without the field.
    func subdirectory(_ tag: Int, in fields: [TIFFField], skipping: Set<Int> = [])
      throws(Malformed) -> TIFFDirectory?
    {
      guard let field = fields.first(where: { $0.tag == tag }) else { return nil }
      guard field.count == 1, let offset = field.unsigned(bigEndian: tiff.bigEndian),
        let entries = tiff.directory(at: offset, skipping: skipping)
      else { throw Malformed() }
      return TIFFDirectory(fields: entries.filter(isPortable))
    }
    let exifIFD: TIFFDirectory?
    let gps: TIFFDirectory?
    let interop: TIFFDirectory?
    do throws(Malformed) {
      exifIFD = try subdirectory(Tag.exifIFD, in: ifd0, skipping: [Tag.makerNote])
      gps = stripGPS ? nil : try subdirectory(Tag.gpsIFD, in: ifd0)
      interop = try subdirectory(Tag.interopIFD, in: exifIFD?.fields ?? [])
    } catch {
      return nil
    }

    let pointerTags: Set = [Tag.exifIFD, Tag.gpsIFD, Tag.interopIFD]
    ifd0 = ifd0.filter {
      isPortable($0) && !sourceLayoutTags.contains($0.tag) && !pointerTags.contains($0.tag)
    }
    ifd0 = replacing(Tag.orientation, with: writer.short(Tag.orientation, 1), in: ifd0)
    ifd0 = replacing(Tag.imageWidth, with: writer.long(Tag.imageWidth, width), in: ifd0)
    ifd0 = replacing(Tag.imageHeight, with: writer.long(Tag.imageHeight, height), in: ifd0)
    var root = TIFFDirectory(fields: ifd0)
    if var sub = exifIFD {
      sub.fields = sub.fields.filter { $0.tag != Tag.interopIFD }
      sub.fields = replacing(
        Tag.pixelXDimension, with: writer.long(Tag.pixelXDimension, width), in: sub.fields)
      sub.fields = replacing(
        Tag.pixelYDimension, with: writer.long(Tag.pixelYDimension, height), in: sub.fields)
      if let interop { sub.children.append(.init(tag: Tag.interopIFD, directory: interop)) }
      root.children.append(.init(tag: Tag.exifIFD, directory: sub))
    }
    if let gps { root.children.append(.init(tag: Tag.gpsIFD, directory: gps)) }
    return TIFFWriter.data(of: root, bigEndian: tiff.bigEndian)
  }

  /// Whether a field means the same after the move: not an offset to a directory Lumen does
  /// not rebuild (type 13, IFD).
  private static func isPortable(_ field: TIFFField) -> Bool { field.type != 13 }

  /// A part of the payload that cannot be read.
  private struct Malformed: Error {}

  /// `fields` with every `tag` field replaced by `field`, where there was one.
  private static func replacing(_ tag: Int, with field: TIFFField, in fields: [TIFFField])
    -> [TIFFField]
  {
    fields.map { $0.tag == tag ? field : $0 }
  }
}
