import Foundation

/// Reads SVG path data (`d`): every command, absolute and relative (M L H V C S Q T A Z), with
/// quadratic curves raised to cubics and arcs drawn as cubics of at most a quarter turn each.
/// Numbers are checked: a path with more than ``maxNodes`` nodes, a number that is not finite
/// or a malformed command is refused with where it is.
public enum PathData {
  /// A symbol has a few hundred nodes; a million is a forged file.
  public static let maxNodes = 100_000

  public static func contours(_ text: String) throws(SymbolError) -> [Contour] {
    var scanner = Scanner(Array(text.utf8))
    var contours: [Contour] = []
    var current: Contour?
    var point = PathPoint(0, 0)
    var lastControl: (cubic: PathPoint?, quadratic: PathPoint?) = (nil, nil)
    var command: UInt8 = 0
    var nodes = 0

    func finish() {
      if let contour = current { contours.append(contour) }
      current = nil
    }
    func add(_ segment: Contour.Segment) throws(SymbolError) {
      nodes += 1
      guard nodes <= maxNodes else {
        throw .malformed("path data: more than \(maxNodes) nodes")
      }
      if current == nil { current = Contour(start: point) }
      current?.segments.append(segment)
      point = segment.end
    }

    while true {
      scanner.skipSeparators()
      guard let byte = scanner.peek() else { break }
      if Scanner.isCommand(byte) {
        guard command != 0 || byte | 0x20 == UInt8(ascii: "m") else {
          throw .malformed("path data: it must start with a move (M or m)")
        }
        command = byte
        scanner.advance()
      } else if command == 0 || command | 0x20 == UInt8(ascii: "z") {
        // Numbers repeat the last command, but Z takes none.
        throw .malformed("path data: expected a command at byte \(scanner.offset)")
      }
      let relative = command >= UInt8(ascii: "a")
      let origin = relative ? point : PathPoint(0, 0)
      var nextCubic: PathPoint?
      var nextQuadratic: PathPoint?
      switch command | 0x20 {
      case UInt8(ascii: "m"):
        finish()
        point = origin + (try scanner.point())
        current = Contour(start: point)
        // Further pairs after a move are lines.
        command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
      case UInt8(ascii: "l"):
        try add(.line(to: origin + (try scanner.point())))
      case UInt8(ascii: "h"):
        let x = try scanner.number()
        try add(.line(to: PathPoint(relative ? point.x + x : x, point.y)))
      case UInt8(ascii: "v"):
        let y = try scanner.number()
        try add(.line(to: PathPoint(point.x, relative ? point.y + y : y)))
      case UInt8(ascii: "c"):
        let c1 = origin + (try scanner.point())
        let c2 = origin + (try scanner.point())
        try add(.curve(c1, c2, to: origin + (try scanner.point())))
        nextCubic = c2
      case UInt8(ascii: "s"):
        let c1 = lastControl.cubic.map { point + (point - $0) } ?? point
        let c2 = origin + (try scanner.point())
        try add(.curve(c1, c2, to: origin + (try scanner.point())))
        nextCubic = c2
      case UInt8(ascii: "q"):
        let control = origin + (try scanner.point())
        let to = origin + (try scanner.point())
        try add(raised(from: point, control, to))
        nextQuadratic = control
      case UInt8(ascii: "t"):
        let control = lastControl.quadratic.map { point + (point - $0) } ?? point
        let to = origin + (try scanner.point())
        try add(raised(from: point, control, to))
        nextQuadratic = control
      case UInt8(ascii: "a"):
        let rx = try scanner.number()
        let ry = try scanner.number()
        let rotation = try scanner.number()
        let large = try scanner.flag()
        let sweep = try scanner.flag()
        let to = origin + (try scanner.point())
        for segment in Arc.cubics(
          from: point, to: to, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
        {
          try add(segment)
        }
      case UInt8(ascii: "z"):
        if current != nil {
          current?.isClosed = true
          point = current?.start ?? point
          finish()
        }
        current = nil
      // A command after Z without a move starts at the closed path's start.
      default:
        throw .malformed("path data: unknown command at byte \(scanner.offset)")
      }
      lastControl = (nextCubic, nextQuadratic)
    }
    finish()
    return contours.filter { !$0.segments.isEmpty }
  }

  /// A quadratic curve as the cubic that draws it.
  static func raised(from p0: PathPoint, _ control: PathPoint, _ p3: PathPoint) -> Contour.Segment {
    .curve(p0.mix(control, 2.0 / 3.0), p3.mix(control, 2.0 / 3.0), to: p3)
  }
}

/// Numbers, flags and separators of path data and point lists, byte by byte.
struct Scanner {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  static func isCommand(_ byte: UInt8) -> Bool {
    switch byte | 0x20 {
    case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
      UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"),
      UInt8(ascii: "a"), UInt8(ascii: "z"):
      true
    default: false
    }
  }

  func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
  mutating func advance() { offset += 1 }

  mutating func skipSeparators() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x2C
    {
      advance()
    }
  }

  mutating func point() throws(SymbolError) -> PathPoint {
    let x = try number()
    return PathPoint(x, try number())
  }

  /// An arc's flag: a lone 0 or 1, which may touch the next number (`a1 1 0 01 5 5`).
  mutating func flag() throws(SymbolError) -> Bool {
    skipSeparators()
    guard let byte = peek(), byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else {
      throw .malformed("path data: expected an arc flag (0 or 1) at byte \(offset)")
    }
    advance()
    return byte == UInt8(ascii: "1")
  }

  /// A number as SVG writes them: sign, digits, a point, an exponent; finite and at most
  /// ``SymbolLimits/coordinate`` in size.
  mutating func number() throws(SymbolError) -> Double {
    skipSeparators()
    let begin = offset
    if let byte = peek(), byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { advance() }
    var digits = 0
    var seenPoint = false
    while let byte = peek() {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits += 1
      } else if byte == UInt8(ascii: "."), !seenPoint {
        seenPoint = true
      } else {
        break
      }
      advance()
    }
    if digits > 0, let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      let mark = offset
      advance()
      if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { advance() }
      var exponentDigits = 0
      while let byte = peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        exponentDigits += 1
        advance()
      }
      if exponentDigits == 0 { offset = mark }
    }
    guard digits > 0, offset - begin <= 64,
      let value = Double(String(decoding: bytes[begin..<offset], as: UTF8.self))
    else { throw .malformed("expected a number at byte \(begin)") }
    guard value.isFinite, abs(value) <= SymbolLimits.coordinate else {
      throw .malformed(
        "a number out of range at byte \(begin) (at most \(Int(SymbolLimits.coordinate)))")
    }
    return value
  }
}
