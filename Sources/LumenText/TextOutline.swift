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
    let ring = Float(min(max(opacity.isFinite ? opacity : 0, 0), 1))
    let reach = (w + 0.5) * (w + 0.5)
    let outline = SIMD3<Float>(color) / 255
    return text.withUnsafeBytes { source in
      let squared = squaredDistances(
        toInkOf: source, width: text.width, height: text.height, pad: pad)
      return Bitmap(width: columns, height: rows, format: .rgba8) { bytes in
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
        for y in 0..<rows {
          let sy = y - pad
          let textRow = sy >= 0 && sy < text.height
          for x in 0..<columns {
            let index = y * columns + x
            let sx = x - pad
            let offset = (sy * text.width + sx) * 4
            let inText = textRow && sx >= 0 && sx < text.width
            let ink = inText ? source[offset + 3] : 0
            // Beyond the outline's reach and off the glyphs' own edge, nothing.
            if squared[index] > reach, ink == 0 { continue }
            // A pixel within `w` of the shape is outline; its last half pixel fades out, and
            // the glyphs' own antialiased edge is outline too.
            let distance = squared[index].squareRoot()
            let cover = Float(max(min(w + 0.5 - distance, 1), Double(ink) / 255, 0)) * ring
            var red = outline.x * cover
            var green = outline.y * cover
            var blue = outline.z * cover
            var total = cover
            if inText {
              // The text over its outline, premultiplied.
              let a = Float(ink) / 255
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
  }

  /// For each pixel of the text's RGBA `source` grown by `pad` on every side, the squared
  /// distance to the nearest inked pixel (alpha of at least a half), exact up to `pad`
  /// squared; a pixel farther than `pad` from all ink may hold any value beyond that. Columns
  /// first, where the shape is still two-valued (two sweeps: the nearest ink above and
  /// below), then rows, through the lower envelope of parabolas over memory that lies in order. Exact either way round: the minimum over ink
  /// pixels of dx^2 + dy^2 is the minimum over columns of dx^2 plus that column's least dy^2.
  static func squaredDistances(
    toInkOf source: UnsafeRawBufferPointer, width: Int, height: Int, pad: Int
  ) -> [Double] {
    let (columns, rows) = (width + 2 * pad, height + 2 * pad)
    let far = Double(columns * columns + rows * rows)
    var squared = [Double](repeating: far, count: columns * rows)
    var inkedRows = [Bool](repeating: false, count: rows)
    func inked(_ y: Int, _ sx: Int) -> Bool {
      let sy = y - pad
      return sy >= 0 && sy < height && source[(sy * width + sx) * 4 + 3] >= 128
    }
    // Down the columns: the (padded) row of the nearest ink above each, then below it.
    var (firstInked, lastInked) = (width, -1)
    for direction in [1, -1] {
      var nearest = [Int?](repeating: nil, count: width)
      for y in stride(
        from: direction > 0 ? 0 : rows - 1, through: direction > 0 ? rows - 1 : 0, by: direction)
      {
        for sx in 0..<width {
          if inked(y, sx) {
            nearest[sx] = y
            (firstInked, lastInked) = (min(firstInked, sx), max(lastInked, sx))
          }
          guard let ink = nearest[sx] else { continue }
          let d = Double(y - ink)
          let index = y * columns + sx + pad
          squared[index] = min(squared[index], d * d)
          inkedRows[y] = true
        }
      }
    }
    // Along the rows, over the (padded) columns within `pad` of an inked one only: the others
    // are farther than `pad` from all ink and keep a value beyond it (a caption's box is
    // often mostly empty). A row no column reaches stays beyond reach.
    guard firstInked <= lastInked else { return squared }
    let span = firstInked..<(lastInked + 1 + 2 * pad)
    var vertices = [Int](repeating: 0, count: span.count)
    var bounds = [Double](repeating: 0, count: span.count + 1)
    var values = [Double](repeating: 0, count: span.count)
    squared.withUnsafeMutableBufferPointer { squared in
      for y in 0..<rows where inkedRows[y] {
        let row = y * columns
        lowerEnvelope(
          UnsafeMutableBufferPointer(
            rebasing: squared[(row + span.lowerBound)..<(row + span.upperBound)]),
          vertices: &vertices, bounds: &bounds, values: &values)
      }
    }
    return squared
  }

  /// The one-dimensional squared distance transform of `f` in place (Felzenszwalb and
  /// Huttenlocher): `min over q of (p - q)^2 + f(q)`, through the lower envelope of the
  /// parabolas. `vertices` and `values` are scratch of at least `f.count` elements, `bounds`
  /// of one more.
  static func lowerEnvelope(
    _ f: UnsafeMutableBufferPointer<Double>, vertices: inout [Int], bounds: inout [Double],
    values: inout [Double]
  ) {
    let n = f.count
    guard n > 1 else { return }
    var k = 0
    vertices[0] = 0
    bounds[0] = -.infinity
    bounds[1] = .infinity
    for q in 1..<n {
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
    // The vertices' values, kept before the points they serve are overwritten.
    for index in 0...k { values[index] = f[vertices[index]] }
    k = 0
    for p in 0..<n {
      while bounds[k + 1] < Double(p) { k += 1 }
      let d = Double(p - vertices[k])
      f[p] = d * d + values[k]
    }
  }
}
