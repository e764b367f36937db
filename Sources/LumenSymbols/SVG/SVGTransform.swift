import Foundation

extension PathTransform {
  /// An SVG `transform` attribute: `matrix`, `translate`, `scale`, `rotate` (about a point),
  /// `skewX`, `skewY`, applied right to left as SVG does.
  public init(svg text: String) throws(SymbolError) {
    var result = PathTransform.identity
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "(") {
      let name = rest[..<open].trimmingCharacters(
        in: .whitespacesAndNewlines.union(.init(charactersIn: ",")))
      guard let close = rest[open...].firstIndex(of: ")") else {
        throw .malformed("transform: an unclosed \(name)(")
      }
      var scanner = Scanner(Array(rest[rest.index(after: open)..<close].utf8))
      var values: [Double] = []
      while true {
        scanner.skipSeparators()
        guard scanner.peek() != nil else { break }
        guard values.count < 6 else {
          throw .malformed("transform: \(name) takes at most 6 numbers")
        }
        values.append(try scanner.number())
      }
      func value(_ index: Int, _ fallback: Double? = nil) throws(SymbolError) -> Double {
        if index < values.count { return values[index] }
        guard let fallback else { throw .malformed("transform: \(name) needs more numbers") }
        return fallback
      }
      let step: PathTransform
      switch name {
      case "matrix":
        step = PathTransform(
          a: try value(0), b: try value(1), c: try value(2), d: try value(3), e: try value(4),
          f: try value(5))
      case "translate": step = PathTransform(e: try value(0), f: try value(1, 0))
      case "scale":
        let sx = try value(0)
        step = PathTransform(a: sx, d: try value(1, sx))
      case "rotate":
        let angle = try value(0) * .pi / 180
        let (cx, cy) = (try value(1, 0), try value(2, 0))
        let turn = PathTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle))
        step = PathTransform(e: cx, f: cy).concatenating(turn).concatenating(
          PathTransform(e: -cx, f: -cy))
      case "skewX": step = PathTransform(c: tan(try value(0) * .pi / 180))
      case "skewY": step = PathTransform(b: tan(try value(0) * .pi / 180))
      default: throw .malformed("transform: unknown \(name.prefix(40))")
      }
      result = result.concatenating(step)
      rest = rest[rest.index(after: close)...]
    }
    guard rest.allSatisfy({ $0.isWhitespace || $0 == "," }) else {
      throw .malformed("transform: unexpected \(rest.prefix(40))")
    }
    self = result
  }
}
