import Foundation
import LumenCore

/// The few EXIF fields Lumen acts on, read and rewritten in place in the TIFF structure of an
/// EXIF payload. Every offset in the data is bounds-checked: EXIF comes from untrusted files
/// and is often damaged by other software, so a bad offset means "field absent", never a crash.
enum Exif {
  private static let orientationTag = 0x0112
  private static let gpsPointerTag = 0x8825

  /// The Orientation (tag 274) in IFD0, or nil when absent or invalid.
  static func orientation(in exif: Data) -> Orientation? {
    guard let tiff = TIFF(exif), let ifd0 = tiff.ifd(at: tiff.firstIFDOffset),
      let entry = ifd0.first(where: { $0.tag == orientationTag && $0.type == 3 }),
      let value = tiff.u16(entry.valueOffset)
    else { return nil }
    return Orientation(rawValue: value)
  }

  /// The payload to write with pixels that are already upright: Orientation set to 1 and, when
  /// `stripGPS`, the GPS block erased and unlinked. An unparsable payload is dropped (nil)
  /// rather than written with a stale orientation that would turn the output wrongly.
  static func prepareForOutput(_ exif: Data, stripGPS: Bool) -> Data? {
    guard var tiff = TIFF(exif), let ifd0 = tiff.ifd(at: tiff.firstIFDOffset) else { return nil }
    if let entry = ifd0.first(where: { $0.tag == orientationTag && $0.type == 3 }) {
      tiff.setU16(1, at: entry.valueOffset)
    }
    if stripGPS, let index = ifd0.firstIndex(where: { $0.tag == gpsPointerTag }) {
      if let gpsOffset = tiff.u32(ifd0[index].valueOffset) { tiff.erase(ifdAt: gpsOffset) }
      tiff.remove(entryAt: index, ofIFDAt: tiff.firstIFDOffset)
    }
    return Data(tiff.bytes)
  }
}

/// A TIFF structure (EXIF's container) in either byte order.
private struct TIFF {
  struct Entry {
    let tag: Int
    let type: Int
    let count: Int
    /// Where the 4-byte value-or-offset field is.
    let valueOffset: Int
  }

  private(set) var bytes: [UInt8]
  private let bigEndian: Bool

  /// Parses the header, skipping the `Exif\0\0` prefix some containers keep.
  init?(_ data: Data) {
    var bytes = [UInt8](data)
    if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes.removeFirst(6) }
    guard bytes.count >= 8 else { return nil }
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0x49, 0x49, 0x2A, 0x00): bigEndian = false
    case (0x4D, 0x4D, 0x00, 0x2A): bigEndian = true
    default: return nil
    }
    self.bytes = bytes
  }

  var firstIFDOffset: Int { u32(4) ?? 0 }

  func u16(_ offset: Int) -> Int? {
    guard offset >= 0, offset + 2 <= bytes.count else { return nil }
    let (a, b) = (Int(bytes[offset]), Int(bytes[offset + 1]))
    return bigEndian ? a << 8 | b : b << 8 | a
  }

  func u32(_ offset: Int) -> Int? {
    guard let first = u16(offset), let second = u16(offset + 2) else { return nil }
    return bigEndian ? first << 16 | second : second << 16 | first
  }

  mutating func setU16(_ value: Int, at offset: Int) {
    guard offset >= 0, offset + 2 <= bytes.count else { return }
    let (high, low) = (UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
    (bytes[offset], bytes[offset + 1]) = bigEndian ? (high, low) : (low, high)
  }

  /// The entries of the IFD at `offset`, or nil when they do not all lie inside the data.
  /// (Offset 0 is the header, never an IFD.)
  func ifd(at offset: Int) -> [Entry]? {
    guard offset >= 8, let count = u16(offset), offset + 2 + 12 * count <= bytes.count else {
      return nil
    }
    return (0..<count).compactMap { index in
      let start = offset + 2 + 12 * index
      guard let tag = u16(start), let type = u16(start + 2), let count = u32(start + 4) else {
        return nil
      }
      return Entry(tag: tag, type: type, count: count, valueOffset: start + 8)
    }
  }

  /// Zeroes the IFD at `offset` and the values its entries point to.
  mutating func erase(ifdAt offset: Int) {
    guard let entries = ifd(at: offset) else { return }
    for entry in entries {
      let (size, overflow) = Self.valueSize(type: entry.type).multipliedReportingOverflow(
        by: entry.count)
      if !overflow, size > 4, let valueStart = u32(entry.valueOffset) {
        zero(valueStart, count: size)
      }
    }
    zero(offset, count: 2 + 12 * entries.count + 4)
  }

  /// Removes entry `index` of the IFD at `offset`, moving the later entries and the next-IFD
  /// pointer down so the IFD stays contiguous.
  mutating func remove(entryAt index: Int, ofIFDAt offset: Int) {
    guard offset >= 8, let count = u16(offset), index < count,
      offset + 2 + 12 * count <= bytes.count
    else { return }
    let removed = offset + 2 + 12 * index
    let end = min(offset + 2 + 12 * count + 4, bytes.count)
    bytes.replaceSubrange(removed..<(end - 12), with: bytes[(removed + 12)..<end])
    zero(end - 12, count: 12)
    setU16(count - 1, at: offset)
  }

  private mutating func zero(_ offset: Int, count: Int) {
    let start = max(offset, 0)
    let end = min(offset + count, bytes.count)
    if start < end {
      bytes.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
    }
  }

  /// Bytes per value of a TIFF field type (unknown types count as 1).
  private static func valueSize(type: Int) -> Int {
    switch type {
    case 3, 8: 2
    case 4, 9, 11: 4
    case 5, 10, 12: 8
    default: 1
    }
  }
}
