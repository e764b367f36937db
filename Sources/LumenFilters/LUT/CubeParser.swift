import LumenCore

/// The line-by-line reader behind ``CubeFile/init(parsing:file:)`` and
/// ``CubeFile/init(contentsOf:)``.
struct CubeParser {
  private var title: String?
  private var size3D: Int?
  private var size1D: Int?
  private var domainMin: SIMD3<Float>?
  private var domainMax: SIMD3<Float>?
  private var values: [Float] = []
  private var expected = 0
  private var lineNumber = 0
  /// The last line that was not blank or a comment: where a short table is reported.
  private var lastContentLine = 0

  /// The longest line read: a table line is under 100 bytes, a title under a few hundred, so
  /// a file that is one endless line is refused instead of being gathered in memory.
  static let maximumLineBytes = 1 << 16

  /// Parses text held whole (``CubeFile/init(parsing:file:)``).
  mutating func parse(_ bytes: [UInt8]) throws(LUTError) -> CubeFile {
    _ = try lines(in: bytes, isLast: true)
    return try end()
  }

  /// Reads the complete lines at the start of `bytes` and returns how many bytes they took;
  /// with `isLast`, what follows the last line break is the last line. Files are fed in
  /// pieces, their bytes never copied into a string: a 256^3 table is half a gigabyte. Table
  /// lines are read straight from the bytes (see `readEntry`): splitting a 33^3 table into
  /// strings and words cost more than its numbers.
  mutating func lines(in bytes: [UInt8], isLast: Bool) throws(LUTError) -> Int {
    var start = 0
    while start <= bytes.count {
      guard
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
          ?? (isLast ? bytes.count : nil)
      else { break }
      lineNumber += 1
      guard end - start <= Self.maximumLineBytes else { throw Self.longLine(at: lineNumber) }
      let line = bytes[start..<end]
      do {
        if !readEntry(line) { try read(Substring(String(decoding: line, as: UTF8.self))) }
      } catch {
        throw LUTError(line: lineNumber, problem: error)
      }
      start = end + 1
    }
    return min(start, bytes.count)
  }

  /// Refuses the line after the complete ones read so far when it already holds `bytes` (a
  /// reader feeding pieces checks the line it is gathering, before it grows further).
  func checkPendingLine(_ bytes: Int) throws(LUTError) {
    if bytes > Self.maximumLineBytes { throw Self.longLine(at: lineNumber + 1) }
  }

  private static func longLine(at line: Int) -> LUTError {
    LUTError(line: line, problem: .unsupported("a line longer than \(maximumLineBytes) bytes"))
  }

  /// The file, once every line has been read.
  func end() throws(LUTError) -> CubeFile {
    do {
      return try finish()
    } catch {
      throw LUTError(line: max(lastContentLine, 1), problem: error)
    }
  }

  private mutating func read(_ line: Substring) throws(LUTError.Problem) {
    let content = line.hasPrefix("TITLE") ? line : Substring(line.utf8.prefix { $0 != 0x23 })
    let words = content.utf8.split { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }.map(Substring.init)
    guard let first = words.first else { return }
    lastContentLine = lineNumber
    let arguments = words.dropFirst()
    if first.utf8.first.map({ (0x30...0x39).contains($0) || [0x2B, 0x2D, 0x2E].contains($0) })
      == true || Float(first) != nil
    {
      guard expected > 0 else { throw .missingSize }
      guard values.count < 3 * expected else {
        throw .wrongEntryCount(expected: expected, found: values.count / 3 + 1)
      }
      values += try numbers(words, count: 3)
      return
    }
    guard values.isEmpty else { throw .unsupported("\(first) after the table entries") }
    switch first {
    case "TITLE":
      try once(title, "TITLE")
      title = String(line.dropFirst(5)).trimmingQuotes()
    case "LUT_3D_SIZE":
      try once(size3D, "LUT_3D_SIZE")
      size3D = try size(arguments, keyword: "LUT_3D_SIZE", range: 2...256)
    case "LUT_1D_SIZE":
      try once(size1D, "LUT_1D_SIZE")
      size1D = try size(arguments, keyword: "LUT_1D_SIZE", range: 2...65_536)
    case "DOMAIN_MIN":
      try once(domainMin, "DOMAIN_MIN")
      domainMin = try vector(arguments)
    case "DOMAIN_MAX":
      try once(domainMax, "DOMAIN_MAX")
      domainMax = try vector(arguments)
    case "LUT_1D_INPUT_RANGE", "LUT_3D_INPUT_RANGE":
      try once(domainMin, String(first))
      let range = try numbers(arguments, count: 2)
      domainMin = SIMD3(repeating: range[0])
      domainMax = SIMD3(repeating: range[1])
    default:
      throw .unknownKeyword(String(first))
    }
    if size3D != nil && size1D != nil {
      throw .unsupported("a file with both a 1-D and a 3-D table (a shaper LUT)")
    }
    expected = size3D.map { $0 * $0 * $0 } ?? size1D ?? 0
  }

  /// Reads a table line of three plain numbers ("0.1 0.2 0.3", perhaps followed by blanks, a
  /// "\r" or a comment). Returns false for any other line, which ``read(_:)`` then takes, so
  /// that every error is still reported by one reader.
  private mutating func readEntry(_ line: ArraySlice<UInt8>) -> Bool {
    guard expected > 0, values.count < 3 * expected else { return false }
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    let before = values.count
    func giveUp() -> Bool {
      values.removeSubrange(before...)
      return false
    }
    var index = line.startIndex
    for _ in 0..<3 {
      while index < line.endIndex, isBlank(line[index]) { index += 1 }
      let start = index
      while index < line.endIndex, !isBlank(line[index]), line[index] != 0x23 { index += 1 }
      // Numbers are short enough for strings kept inline: no allocation per number.
      guard start < index, let value = Float(String(decoding: line[start..<index], as: UTF8.self)),
        value.isFinite
      else { return giveUp() }
      values.append(value)
    }
    while index < line.endIndex, isBlank(line[index]) { index += 1 }
    guard index == line.endIndex || line[index] == 0x23 else { return giveUp() }
    lastContentLine = lineNumber
    return true
  }

  private func finish() throws(LUTError.Problem) -> CubeFile {
    guard expected > 0 else { throw .missingSize }
    guard values.count == 3 * expected else {
      throw .wrongEntryCount(expected: expected, found: values.count / 3)
    }
    let low = domainMin ?? .zero
    let high = domainMax ?? .one
    guard all(high .> low) else { throw .emptyDomain }
    // The checks above are the initialisers' conditions, so neither returns nil here.
    if let size3D,
      let cube = ColorCube(size: size3D, values: values, domainMin: low, domainMax: high)
    {
      return CubeFile(title: title, lut: .cube(cube))
    }
    guard let size1D,
      let table = ChannelLUT(size: size1D, values: values, domainMin: low, domainMax: high)
    else { throw .missingSize }
    return CubeFile(title: title, lut: .channels(table))
  }

  private func once(_ value: (some Any)?, _ keyword: String) throws(LUTError.Problem) {
    if value != nil { throw .repeatedKeyword(keyword) }
  }

  private func numbers(_ words: some Collection<Substring>, count: Int) throws(LUTError.Problem)
    -> [Float]
  {
    guard words.count == count else { throw .wrongValueCount(expected: count, found: words.count) }
    var out: [Float] = []
    out.reserveCapacity(count)
    for word in words {
      guard let value = Float(word) else { throw .notANumber(String(word)) }
      guard value.isFinite else { throw .notFinite(String(word)) }
      out.append(value)
    }
    return out
  }

  private func vector(_ words: some Collection<Substring>) throws(LUTError.Problem) -> SIMD3<Float>
  {
    let v = try numbers(words, count: 3)
    return SIMD3(v[0], v[1], v[2])
  }

  private func size(
    _ words: some Collection<Substring>, keyword: String, range: ClosedRange<Int>
  ) throws(LUTError.Problem) -> Int {
    guard words.count == 1, let word = words.first else {
      throw .wrongValueCount(expected: 1, found: words.count)
    }
    guard let size = Int(word) else { throw .notANumber(String(word)) }
    guard range.contains(size) else {
      throw .sizeOutOfRange(keyword: keyword, size: size, range: range)
    }
    return size
  }
}

extension String {
  /// The text without surrounding blanks and one pair of double quotes.
  fileprivate func trimmingQuotes() -> String {
    var s = Substring(self).drop(while: \.isWhitespace)
    while let last = s.last, last.isWhitespace || last == "\r" { s = s.dropLast() }
    if s.count >= 2, s.first == "\"", s.last == "\"" { s = s.dropFirst().dropLast() }
    return String(s)
  }
}
