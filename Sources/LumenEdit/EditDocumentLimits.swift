/// How large an edit document may be, stated once: the reader, the JSON Schema
/// (`lumen doc schema`) and the documentation all take these numbers from here.
///
/// Reading a document must take bounded time and memory whoever wrote it: JSON text is
/// checked for its size, its count of values and its nesting before it is parsed (parsing
/// builds an object per value, a few hundred bytes each), and the parsed document for its
/// counts of layers, tracks and keyframes, which every render and every video frame walks.
/// Operations need no count: each is a named member of `operations`, at most one of each.
public struct EditDocumentLimits: Sendable, Hashable {
  /// Bytes of JSON text.
  public var bytes: Int
  /// JSON values (objects, arrays, strings, keys included, numbers, literals).
  public var values: Int
  /// Nested objects and arrays.
  public var depth: Int
  /// Layers in `layers`.
  public var layers: Int
  /// Keyframe tracks in `animations`.
  public var tracks: Int
  /// Keyframes in one track.
  public var keyframesPerTrack: Int
  /// Keyframes in all tracks together.
  public var keyframes: Int

  /// The limits every reader applies, far above what an editor writes (a keyframe is five
  /// JSON values: its object, two keys and two numbers). The counts are chosen so that what
  /// this build writes for any document it read stays within the text limits (written
  /// documents carry every layer member and are indented): 20,000 keyframes and 300 layers
  /// with the longest sources write about 125,000 values and 3 MB, and read back. Reading a document at them peaks at
  /// about 110 MB for 20,000 keyframes and 180 MB for the costliest shape, 43,000 small
  /// objects of strings (see `DocLimitsCommandTests`); a million keyframes took 3 GB.
  public static let standard = EditDocumentLimits(
    bytes: 4 << 20, values: 130_000, depth: 32, layers: 300, tracks: 1000,
    keyframesPerTrack: 10_000, keyframes: 20_000)

  /// The limits as one line for help texts and the schema's description.
  public var summary: String {
    "at most \(bytes) bytes of JSON, \(values) JSON values, nesting \(depth) deep, \(layers) "
      + "layers, \(tracks) keyframe tracks, \(keyframesPerTrack) keyframes per track and "
      + "\(keyframes) in all"
  }

  /// Refuses JSON text over the size, value or nesting limits, walking its bytes once and
  /// allocating nothing; what is not JSON is left for the parser to report.
  func checkText(_ data: some Collection<UInt8>) throws(EditDocumentError) {
    guard data.count <= bytes else {
      throw .invalid(path: "", problem: "\(data.count) bytes, more than the \(bytes) allowed")
    }
    var scanner = JSONShape()
    for byte in data {
      scanner.consume(byte)
      if scanner.depth > depth {
        throw .invalid(path: "", problem: "nested more than \(depth) deep")
      }
      if scanner.values > values {
        throw .invalid(path: "", problem: "more than \(values) JSON values")
      }
    }
  }
}

/// The shape of JSON text read byte by byte: how many values it has met and how deep it is.
/// Strings (keys too) count once however long; numbers and literals once per run of bytes.
struct JSONShape {
  private(set) var values = 0
  private(set) var depth = 0
  private var inString = false
  private var escaped = false
  private var inScalar = false

  mutating func consume(_ byte: UInt8) {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return
    }
    switch byte {
    case UInt8(ascii: "\""):
      inString = true
      inScalar = false
      values += 1
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      inScalar = false
      values += 1
      depth += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      inScalar = false
      depth = max(depth - 1, 0)
    case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
      inScalar = false
    default:
      if !inScalar { values += 1 }
      inScalar = true
    }
  }
}
