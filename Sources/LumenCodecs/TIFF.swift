import Foundation

/// One field of a TIFF directory (an EXIF tag) with its value's bytes as stored, in the byte
/// order of the structure it came from.
struct TIFFField: Equatable {
  let tag: Int
  let type: Int
  let count: Int
  let value: [UInt8]

  /// The first value of a SHORT, LONG or IFD field, or nil for other types.
  func unsigned(bigEndian: Bool) -> Int? {
    let width: Int
    switch type {
    case 3: width = 2
    case 4, 13: width = 4
    default: return nil
    }
    guard value.count >= width else { return nil }
    let first = Array(value[0..<width])
    return (bigEndian ? first : first.reversed()).reduce(0) { $0 << 8 | Int($1) }
  }

  /// Bytes per value of each TIFF 6.0 field type (1 BYTE ... 12 DOUBLE, 13 IFD); other types
  /// have no known size.
  static func size(ofType type: Int) -> Int? {
    switch type {
    case 1, 2, 6, 7: 1
    case 3, 8: 2
    case 4, 9, 11, 13: 4
    case 5, 10, 12: 8
    default: nil
    }
  }
}

/// A TIFF structure (EXIF's container) in either byte order, read with every offset
/// bounds-checked: EXIF comes from untrusted files and is often damaged by other software.
struct TIFFReader {
  let bytes: [UInt8]
  let bigEndian: Bool

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
    guard offset >= 0, offset <= bytes.count - 2 else { return nil }
    let (a, b) = (Int(bytes[offset]), Int(bytes[offset + 1]))
    return bigEndian ? a << 8 | b : b << 8 | a
  }

  func u32(_ offset: Int) -> Int? {
    guard let first = u16(offset), let second = u16(offset + 2) else { return nil }
    return bigEndian ? first << 16 | second : second << 16 | first
  }

  /// The fields of the IFD at `offset`, or nil when the directory or any value it points to
  /// lies outside the data. Fields of unknown types are left out (their size is unknown);
  /// `skipping` tags are left out before their values are checked. Offset 0 is the header,
  /// never an IFD.
  func directory(at offset: Int, skipping: Set<Int> = []) -> [TIFFField]? {
    guard offset >= 8, let count = u16(offset), offset + 2 + 12 * count <= bytes.count else {
      return nil
    }
    var fields: [TIFFField] = []
    for index in 0..<count {
      let start = offset + 2 + 12 * index
      guard let tag = u16(start), let type = u16(start + 2), let count = u32(start + 4) else {
        return nil
      }
      guard !skipping.contains(tag), let unit = TIFFField.size(ofType: type) else { continue }
      let (size, overflow) = unit.multipliedReportingOverflow(by: count)
      guard !overflow else { return nil }
      // Values of up to 4 bytes sit in the entry; larger ones are elsewhere, past the header.
      let pointed = size > 4 ? u32(start + 8) : start + 8
      guard let valueStart = pointed, valueStart >= 8, size <= bytes.count - valueStart else {
        return nil
      }
      let value = Array(bytes[valueStart..<(valueStart + size)])
      fields.append(TIFFField(tag: tag, type: type, count: count, value: value))
    }
    return fields
  }
}

/// A directory to write: its fields, and directories linked from it by pointer fields (such as
/// EXIF's sub-IFD and GPS IFD) whose offsets the writer fills in.
struct TIFFDirectory {
  /// A directory linked from a pointer field `tag`.
  struct Link {
    let tag: Int
    let directory: TIFFDirectory
  }

  var fields: [TIFFField]
  var children: [Link] = []
}

/// Serialises directories into a fresh TIFF structure: only what is given is written, so
/// nothing unreferenced in the source (a thumbnail, stale bytes) can come along.
struct TIFFWriter {
  let bigEndian: Bool
  private(set) var bytes: [UInt8] = []

  init(bigEndian: Bool) {
    self.bigEndian = bigEndian
  }

  /// The TIFF bytes of `root` as the only top-level IFD (no next IFD).
  static func data(of root: TIFFDirectory, bigEndian: Bool) -> Data {
    var writer = TIFFWriter(bigEndian: bigEndian)
    writer.bytes = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
    writer.append32(8)
    writer.write(root)
    return Data(writer.bytes)
  }

  /// A LONG field (type 4, one value) in this byte order.
  func long(_ tag: Int, _ value: Int) -> TIFFField {
    TIFFField(tag: tag, type: 4, count: 1, value: encode32(value))
  }

  /// A SHORT field (type 3, one value) in this byte order.
  func short(_ tag: Int, _ value: Int) -> TIFFField {
    let big = [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    return TIFFField(tag: tag, type: 3, count: 1, value: bigEndian ? big : big.reversed())
  }

  /// Appends `directory` (entries sorted by tag, then its large values, then its children),
  /// returning where it starts.
  @discardableResult
  private mutating func write(_ directory: TIFFDirectory) -> Int {
    if bytes.count % 2 == 1 { bytes.append(0) }
    let start = bytes.count
    let childTags = Set(directory.children.map(\.tag))
    let pointers = childTags.map { long($0, 0) }
    let fields = (directory.fields.filter { !childTags.contains($0.tag) } + pointers)
      .sorted { $0.tag < $1.tag }
    append16(fields.count)
    var deferred: [(entry: Int, value: [UInt8])] = []
    var pointerEntries: [Int: Int] = [:]
    for field in fields {
      if childTags.contains(field.tag) { pointerEntries[field.tag] = bytes.count + 8 }
      append16(field.tag)
      append16(field.type)
      append32(field.count)
      if field.value.count <= 4 {
        bytes += field.value + [UInt8](repeating: 0, count: 4 - field.value.count)
      } else {
        deferred.append((bytes.count, field.value))
        append32(0)
      }
    }
    append32(0)  // no next IFD
    for (entry, value) in deferred {
      if bytes.count % 2 == 1 { bytes.append(0) }
      set32(bytes.count, at: entry)
      bytes += value
    }
    for link in directory.children {
      guard let entry = pointerEntries[link.tag] else { continue }
      set32(write(link.directory), at: entry)
    }
    return start
  }

  private func encode32(_ value: Int) -> [UInt8] {
    let big = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    return bigEndian ? big : big.reversed()
  }

  private mutating func append16(_ value: Int) { bytes += short(0, value).value }

  private mutating func append32(_ value: Int) { bytes += encode32(value) }

  private mutating func set32(_ value: Int, at offset: Int) {
    bytes.replaceSubrange(offset..<(offset + 4), with: encode32(value))
  }
}
