import Foundation

/// The painting properties an SVG element inherits from its groups and may set itself, as an
/// attribute or in its `style`: whether and how it is filled and stroked, and the corner
/// radius a generated master rounds its corners with (`data-corner-radius`).
struct Paint {
  var fills = true
  var fillRule = FillRule.nonzero
  var strokeWidth = 1.0
  var cap = StrokeStyle.Cap.butt
  var join = StrokeStyle.Join.miter
  var miterLimit = 4.0
  var strokes = false
  /// The radius at Regular weight; nil: the master's own (see ``MasterStrokes``).
  var cornerRadius: Double?

  /// The properties `element` sets, attributes first and then its `style` declarations (which
  /// win, as in CSS). Unknown properties and values are ignored, as renderers do.
  func applying(_ attributes: [String: String]) throws(SymbolError) -> Paint {
    var declarations: [(String, String)] = Self.names.compactMap { name in
      attributes[name].map { (name, $0) }
    }
    if let style = attributes["style"] {
      for declaration in style.split(separator: ";") {
        let parts = declaration.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        if Self.names.contains(name) {
          declarations.append((name, parts[1].trimmingCharacters(in: .whitespaces)))
        }
      }
    }
    var paint = self
    for (name, value) in declarations {
      try paint.set(name, value)
    }
    return paint
  }

  /// How the shape is filled; nil: not at all.
  var fill: FillRule? { fills ? fillRule : nil }

  /// The stroke as drawn under `transform` (its width scaled as the drawing is).
  func stroke(under transform: PathTransform) -> StrokeStyle? {
    guard strokes else { return nil }
    let scale = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
    return StrokeStyle(width: strokeWidth * scale, cap: cap, join: join, miterLimit: miterLimit)
  }

  private static let names = [
    "fill", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
    "stroke-miterlimit", "data-corner-radius",
  ]

  private mutating func set(_ name: String, _ value: String) throws(SymbolError) {
    switch name {
    case "fill": fills = value != "none"
    case "fill-rule": fillRule = FillRule(rawValue: value) ?? fillRule
    case "stroke": strokes = value != "none"
    case "stroke-width":
      strokeWidth = try Self.measure(value, name, in: 0...SymbolLimits.strokeWidth)
    case "stroke-linecap": cap = StrokeStyle.Cap(rawValue: value) ?? cap
    case "stroke-linejoin": join = StrokeStyle.Join(rawValue: value) ?? join
    case "stroke-miterlimit": miterLimit = try Self.measure(value, name, in: 1...1000)
    case "data-corner-radius":
      cornerRadius = try Self.measure(value, name, in: 0...SymbolLimits.strokeWidth)
    default: break
    }
  }

  /// A length with an optional `px`, within `range`.
  static func measure(_ text: String, _ name: String, in range: ClosedRange<Double>)
    throws(SymbolError) -> Double
  {
    var trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
    if trimmed.hasSuffix("px") { trimmed = trimmed.dropLast(2) }
    var scanner = Scanner(Array(trimmed.utf8))
    let value: Double
    do {
      value = try scanner.number()
    } catch {
      throw .malformed("\(name)=\"\(text.prefix(40))\": expected a number")
    }
    scanner.skipSeparators()
    guard scanner.peek() == nil else {
      throw .malformed("\(name)=\"\(text.prefix(40))\": expected a number")
    }
    guard range.contains(value) else {
      throw .malformed("\(name)=\"\(text.prefix(40))\": out of \(range)")
    }
    return value
  }
}
