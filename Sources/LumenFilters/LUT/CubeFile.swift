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

  /// Parses `.cube` text; `file` names it in errors.
  public init(parsing text: String, file: String? = nil) throws(LUTError) {
    do {
      var parser = CubeParser()
      self = try parser.parse(text)
    } catch {
      throw file.map { error.naming($0) } ?? error
    }
  }

  /// Reads the `.cube` file at `url`.
  public init(contentsOf url: URL) throws(LUTError) {
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw LUTError(file: url.path, problem: .io("cannot read the file as UTF-8 text"))
    }
    try self.init(parsing: text, file: url.path)
  }

  /// The file's text. Values are printed with the shortest digits that read back as the same
  /// `Float`, so writing and reading again is lossless.
  public var text: String {
    var lines: [String] = []
    if let title { lines.append("TITLE \"\(title.replacingOccurrences(of: "\"", with: "'"))\"") }
    let values: [Float]
    let domain: (SIMD3<Float>, SIMD3<Float>)
    switch lut {
    case .cube(let cube):
      lines.append("LUT_3D_SIZE \(cube.size)")
      values = cube.values
      domain = (cube.domainMin, cube.domainMax)
    case .channels(let table):
      lines.append("LUT_1D_SIZE \(table.size)")
      values = table.values
      domain = (table.domainMin, table.domainMax)
    }
    func triple(_ v: SIMD3<Float>) -> String { "\(v.x) \(v.y) \(v.z)" }
    lines.append("DOMAIN_MIN \(triple(domain.0))")
    lines.append("DOMAIN_MAX \(triple(domain.1))")
    lines.reserveCapacity(lines.count + values.count / 3)
    for i in stride(from: 0, to: values.count, by: 3) {
      lines.append("\(values[i]) \(values[i + 1]) \(values[i + 2])")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes the file atomically.
  public func write(to url: URL) throws(LUTError) {
    do {
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw LUTError(file: url.path, problem: .io("cannot write the file"))
    }
  }
}
