import Foundation
import LumenCore

/// An Adobe / Resolve `.cube` file: an optional title and a 1-D or 3-D table.
///
/// Reading accepts `TITLE`, `LUT_3D_SIZE` (2...256), `LUT_1D_SIZE` (2...65536), `DOMAIN_MIN`,
/// `DOMAIN_MAX`, Resolve's `LUT_1D_INPUT_RANGE` / `LUT_3D_INPUT_RANGE`, `#` comments, blank
/// lines and CRLF line ends; anything else is an error naming the line. Files holding both a
/// 1-D and a 3-D table (Resolve shaper LUTs) are refused as unsupported.
public struct CubeFile: Sendable, Hashable {
  public var title: String?
  public var lut: ColorLUT

  public init(title: String? = nil, lut: ColorLUT) {
    self.title = title
    self.lut = lut
  }

  /// The largest `.cube` file read: a 256^3 table, the largest size accepted, written with
  /// nine digits per value (as ``write(to:)`` writes) takes about 550 MB.
  public static let maximumFileBytes = 1 << 30

  /// Parses `.cube` text; `file` names it in errors.
  public init(parsing text: String, file: String? = nil) throws(LUTError) {
    do {
      var parser = CubeParser()
      self = try parser.parse(Array(text.utf8))
    } catch {
      throw file.map { error.naming($0) } ?? error
    }
  }

  /// Reads the `.cube` file at `url`: a regular file of at most ``maximumFileBytes``, parsed
  /// in pieces as it is read, so that memory holds the table and one piece, not the text;
  /// errors name the file and the cause (missing, not a regular file, too large, unreadable,
  /// or the line that is wrong).
  public init(contentsOf url: URL) throws(LUTError) {
    do {
      self = try CubeFileReader.read(url.path, limit: Self.maximumFileBytes)
    } catch {
      throw error.naming(url.path)
    }
  }

  /// The whole text of the file (small tables and tests; files are written in pieces).
  public var text: String {
    var text = ""
    writeText { chunk in text += chunk }
    return text
  }

  /// Hands the file's text to `body` in pieces of about 64 KB, in order, so that writing a
  /// 256^3 table (about half a gigabyte of text) holds one piece at a time. Values are printed
  /// with the shortest digits that read back as the same `Float`, so writing and reading
  /// again is lossless.
  public func writeText<E: Error>(_ body: (String) throws(E) -> Void) throws(E) {
    let values: [Float]
    let domain: (SIMD3<Float>, SIMD3<Float>)
    var chunk = ""
    if let title { chunk += "TITLE \"\(title.replacingOccurrences(of: "\"", with: "'"))\"\n" }
    switch lut {
    case .cube(let cube):
      chunk += "LUT_3D_SIZE \(cube.size)\n"
      values = cube.values
      domain = (cube.domainMin, cube.domainMax)
    case .channels(let table):
      chunk += "LUT_1D_SIZE \(table.size)\n"
      values = table.values
      domain = (table.domainMin, table.domainMax)
    }
    func triple(_ v: SIMD3<Float>) -> String { "\(v.x) \(v.y) \(v.z)" }
    chunk += "DOMAIN_MIN \(triple(domain.0))\nDOMAIN_MAX \(triple(domain.1))\n"
    for i in stride(from: 0, to: values.count, by: 3) {
      chunk += "\(values[i]) \(values[i + 1]) \(values[i + 2])\n"
      if chunk.utf8.count >= 1 << 16 {
        try body(chunk)
        chunk.removeAll(keepingCapacity: true)
      }
    }
    if !chunk.isEmpty { try body(chunk) }
  }

  /// The most bytes ``writeText(_:)`` can produce: each value at most 15 characters
  /// ("-1.17549435e-38"), plus the header.
  public var maximumTextBytes: Int {
    let values =
      switch lut {
      case .cube(let cube): cube.values.count
      case .channels(let table): table.values.count
      }
    return values * 16 + 4096
  }

  /// Writes the file atomically, streaming its text (see ``writeText(_:)``); refused before
  /// anything is written when the target's file system has less room than the text can take.
  public func write(to url: URL) throws(LUTError) {
    do {
      try FreeSpace.require(maximumTextBytes, besides: url)
      let output = try AtomicOutput(target: url)
      try writeText { (chunk) throws(FileError) in
        let bytes = Data(chunk.utf8)
        let written = bytes.withUnsafeBytes { raw in
          Result { () throws(FileError) in try output.write(raw) }
        }
        try written.get()
      }
      try output.commit()
    } catch {
      throw LUTError(file: url.path, problem: .io(error.reason))
    }
  }
}
