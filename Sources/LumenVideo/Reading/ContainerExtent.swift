/// The top-level boxes of an ISO base media file (MP4, MOV, M4V, 3GP): each declares its
/// size, so a file cut short is recognised without parsing the movie.
enum ISOMediaBoxes {
  /// Box types that may start such a file (QuickTime files need not begin with `ftyp`).
  static let leadingTypes: Set<String> = [
    "ftyp", "moov", "mdat", "free", "skip", "wide", "pnot", "uuid", "styp", "sidx", "moof",
  ]

  /// What is missing, when a box reaches past the end of the file; nil when the boxes fit or
  /// the file is not ISO media.
  static func shortfall(in file: borrowing MovieFile) -> String? {
    guard let first = header(in: file, at: 0), leadingTypes.contains(first.type) else {
      return nil
    }
    var offset = 0
    // Fragmented files have a pair of boxes per fragment; a few thousand headers are cheap.
    for _ in 0..<100_000 {
      guard offset + 8 <= file.size, let box = header(in: file, at: offset) else { return nil }
      guard let size = box.size else { return nil }  // extends to the end of the file
      guard size >= box.headerLength else { return nil }  // not ours to judge: FFmpeg will
      if size > file.size - offset {
        // Stated as sizes: a forged 64-bit size would overflow an end offset.
        return "the '\(box.type)' box at byte \(offset) declares \(size) bytes, but the file "
          + "has \(file.size - offset) from there"
      }
      offset += size
    }
    return nil
  }

  /// The box at `offset`: its type, total size (nil: "to the end of the file") and header
  /// length; nil when the type is not four printable characters (trailing junk).
  private static func header(in file: borrowing MovieFile, at offset: Int)
    -> (type: String, size: Int?, headerLength: Int)?
  {
    let bytes = file.bytes(at: offset, count: 16)
    guard bytes.count >= 8, bytes[4..<8].allSatisfy({ (0x20...0x7e).contains($0) }) else {
      return nil
    }
    let type = String(decoding: bytes[4..<8], as: UTF8.self)
    switch bigEndian(bytes[0..<4]) {
    case 0: return (type, nil, 8)
    case 1:
      guard bytes.count == 16 else { return nil }
      let size = bigEndian(bytes[8..<16])
      return (type, size <= UInt64(Int.max) ? Int(size) : Int.max, 16)
    case let size: return (type, Int(size), 8)
    }
  }
}

/// The segment of a Matroska or WebM file, whose size the EBML header chain declares.
enum MatroskaSegment {
  static let ebmlHeaderID: UInt64 = 0x1A45_DFA3
  static let segmentID: UInt64 = 0x1853_8067

  /// What is missing, when the segment reaches past the end of the file; nil when it fits,
  /// its size is unknown (live streams) or the file is not Matroska.
  static func shortfall(in file: borrowing MovieFile) -> String? {
    let bytes = file.bytes(at: 0, count: 4096)
    var reader = EBMLReader(bytes: bytes[...])
    guard reader.identifier() == ebmlHeaderID, let headerSize = reader.size() else { return nil }
    guard reader.skip(headerSize), reader.identifier() == segmentID,
      let segmentSize = reader.size()
    else { return nil }
    let end = reader.position + segmentSize
    guard end > file.size else { return nil }
    return "the Matroska segment ends at byte \(end), but the file has \(file.size) bytes"
  }
}

/// Reads EBML variable-length integers: a run of leading zero bits gives the length.
private struct EBMLReader {
  var bytes: ArraySlice<UInt8>
  var position: Int { bytes.startIndex }

  /// An element ID, length marker kept (as the specification writes IDs).
  mutating func identifier() -> UInt64? { variableInteger(keepingMarker: true) }

  /// An element size; nil for "unknown" (all value bits set) or a malformed number.
  mutating func size() -> Int? {
    guard let (value, length) = variableIntegerWithLength(keepingMarker: false) else { return nil }
    let unknown = (UInt64(1) << (7 * UInt64(length))) - 1
    guard value != unknown, value <= UInt64(Int.max / 2) else { return nil }
    return Int(value)
  }

  mutating func skip(_ count: Int) -> Bool {
    guard count <= bytes.count else { return false }
    bytes = bytes.dropFirst(count)
    return true
  }

  private mutating func variableInteger(keepingMarker: Bool) -> UInt64? {
    variableIntegerWithLength(keepingMarker: keepingMarker)?.value
  }

  private mutating func variableIntegerWithLength(keepingMarker: Bool)
    -> (value: UInt64, length: Int)?
  {
    guard let first = bytes.first, first != 0 else { return nil }
    let length = first.leadingZeroBitCount + 1
    guard bytes.count >= length else { return nil }
    var value = UInt64(keepingMarker ? first : first & (0xFF >> length))
    for byte in bytes.dropFirst().prefix(length - 1) { value = value << 8 | UInt64(byte) }
    bytes = bytes.dropFirst(length)
    return (value, length)
  }
}

/// A big-endian unsigned number.
private func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
  bytes.reduce(0) { $0 << 8 | UInt64($1) }
}
