import Foundation

/// The root `<svg>`'s size in pixels and the map from its `viewBox` onto it (uniform scale,
/// centred: SVG's default `xMidYMid meet`). A missing width or height is the viewBox's; one in
/// other units than pixels is too; without either, the drawing's own extent (nil here).
struct Viewport {
  var width: Double?
  var height: Double?
  var transform = PathTransform.identity

  init(_ attributes: [String: String]) throws(SymbolError) {
    let box = try attributes["viewBox"].map { text throws(SymbolError) in
      var scanner = Scanner(Array(text.utf8))
      var values: [Double] = []
      for _ in 0..<4 { values.append(try scanner.number()) }
      guard values[2] > 0, values[3] > 0 else {
        throw .malformed("viewBox=\"\(text.prefix(40))\": its width and height must be positive")
      }
      return values
    }
    func length(_ name: String, _ fallback: Double?) throws(SymbolError) -> Double? {
      guard let text = attributes[name], !text.hasSuffix("%"), !text.hasSuffix("em"),
        !text.hasSuffix("pt")
      else { return fallback }
      return try Paint.measure(text, name, in: 1e-6...SymbolLimits.coordinate)
    }
    width = try length("width", box?[2])
    height = try length("height", box?[3])
    if let box, let width, let height {
      let scale = min(width / box[2], height / box[3])
      transform = PathTransform(
        a: scale, d: scale, e: (width - box[2] * scale) / 2 - box[0] * scale,
        f: (height - box[3] * scale) / 2 - box[1] * scale)
    }
  }
}
