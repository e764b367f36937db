import LumenCore

/// An outline around drawn text: every pixel within a width of the glyphs' edges, in one
/// colour, under the text. Distances come from an exact Euclidean distance transform of the
/// glyphs' shape (alpha of at least a half), so the outline is round at any width and costs
/// the same at any width.
public enum TextOutline {
  /// The widest outline, in pixels.
  public static let maxWidth = 512.0

  /// `text` (straight RGBA) grown by `width` pixels on every side, with an outline `width`
  /// pixels wide in `color` (straight alpha `opacity`) under it.
  public static func outlined(
    _ text: Bitmap, width: Double, color: SIMD3<UInt8>, opacity: Double
  ) -> Bitmap {
    let w = min(max(width.isFinite ? width : 0, 0), maxWidth)
    let pad = Int(w.rounded(.up)) + 1
    let (columns, rows) = (text.width + 2 * pad, text.height + 2 * pad)
    let source = text.withUnsafeBytes { Array($0) }
    func alpha(_ x: Int, _ y: Int) -> Double {
      let (sx, sy) = (x - pad, y - pad)
      guard sx >= 0, sy >= 0, sx < text.width, sy < text.height else { return 0 }
      return Double(source[(sy * text.width + sx) * 4 + 3]) / 255
    }
    // Squared distance to the nearest pixel inside the glyphs, by rows then columns.
    let far = Double(columns * columns + rows * rows)
    var squared = [Double](repeating: far, count: columns * rows)
    var inkedRows = [Bool](repeating: false, count: rows)
    for sy in 0..<text.height {
      for sx in 0..<text.width where source[(sy * text.width + sx) * 4 + 3] >= 128 {
        squared[(sy + pad) * columns + sx + pad] = 0
        inkedRows[sy + pad] = true
      }
    }
    var line = [Double](repeating: 0, count: max(columns, rows))
    // A row without ink stays `far` along itself: only inked rows need the pass.
    for y in 0..<rows where inkedRows[y] {
      for x in 0..<columns { line[x] = squared[y * columns + x] }
      let done = lowerEnvelope(line, count: columns)
      for x in 0..<columns { squared[y * columns + x] = done[x] }
    }
    for x in 0..<columns {
      for y in 0..<rows { line[y] = squared[y * columns + x] }
      let done = lowerEnvelope(line, count: rows)
      for y in 0..<rows { squared[y * columns + x] = done[y] }
    }
    let ring = Float(min(max(opacity.isFinite ? opacity : 0, 0), 1))
    let reach = (w + 0.5) * (w + 0.5)
    let outline = SIMD3<Float>(color) / 255
    return Bitmap(width: columns, height: rows, format: .rgba8) { bytes in
      for y in 0..<rows {
        for x in 0..<columns {
          let index = y * columns + x
          // Beyond the outline's reach and off the glyphs' own edge, nothing.
          if squared[index] > reach, alpha(x, y) == 0 {
            for channel in 0..<4 { bytes[index * 4 + channel] = 0 }
            continue
          }
          // A pixel within `w` of the shape is outline; its last half pixel fades out, and
          // the glyphs' own antialiased edge is outline too.
          let distance = squared[index].squareRoot()
          let cover = Float(max(min(w + 0.5 - distance, 1), alpha(x, y), 0)) * ring
          var red = outline.x * cover
          var green = outline.y * cover
          var blue = outline.z * cover
          var total = cover
          let (sx, sy) = (x - pad, y - pad)
          if sx >= 0, sy >= 0, sx < text.width, sy < text.height {
            // The text over its outline, premultiplied.
            let offset = (sy * text.width + sx) * 4
            let a = Float(source[offset + 3]) / 255
            red = Float(source[offset]) / 255 * a + red * (1 - a)
            green = Float(source[offset + 1]) / 255 * a + green * (1 - a)
            blue = Float(source[offset + 2]) / 255 * a + blue * (1 - a)
            total = a + total * (1 - a)
          }
          let scale = total > 0 ? 255 / total : 0
          bytes[index * 4] = UInt8(min(red * scale, 255).rounded())
          bytes[index * 4 + 1] = UInt8(min(green * scale, 255).rounded())
          bytes[index * 4 + 2] = UInt8(min(blue * scale, 255).rounded())
          bytes[index * 4 + 3] = UInt8(min(total * 255, 255).rounded())
        }
      }
    }
  }

  /// The one-dimensional squared distance transform of `f` (Felzenszwalb and Huttenlocher):
  /// `min over q of (p - q)^2 + f(q)`, through the lower envelope of the parabolas.
  static func lowerEnvelope(_ f: [Double], count n: Int) -> [Double] {
    var result = [Double](repeating: 0, count: n)
    var vertices = [Int](repeating: 0, count: n)
    var bounds = [Double](repeating: 0, count: n + 1)
    var k = 0
    bounds[0] = -.infinity
    bounds[1] = .infinity
    for q in 1..<max(n, 1) {
      var s: Double
      repeat {
        let v = vertices[k]
        s = ((f[q] + Double(q * q)) - (f[v] + Double(v * v))) / Double(2 * q - 2 * v)
        if s <= bounds[k] { k -= 1 } else { break }
      } while k >= 0
      k += 1
      vertices[k] = q
      bounds[k] = s
      bounds[k + 1] = .infinity
    }
    k = 0
    for p in 0..<n {
      while bounds[k + 1] < Double(p) { k += 1 }
      let d = Double(p - vertices[k])
      result[p] = d * d + f[vertices[k]]
    }
    return result
  }
}
