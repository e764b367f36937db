import LumenCore

/// An outline around drawn text: every pixel within a width of the glyphs' edges, in one
/// colour, under the text. Distances come from an exact Euclidean distance transform of the
/// glyphs' shape (alpha of at least a half), so the outline is round at any width.
public enum TextOutline {
  /// The widest outline, in pixels.
  public static let maxWidth = 512.0

  /// `block` drawn with an outline `width` pixels wide in `color` (straight alpha `opacity`)
  /// under it, grown by the outline on every side: the text is drawn straight into the grown
  /// bitmap and outlined there, so a caption takes one bitmap, not two.
  public static func outlined(
    _ block: TextBlock, width: Double, color: SIMD3<UInt8>, opacity: Double
  ) -> Bitmap {
    outlined(width: block.width, height: block.height, by: width, color, opacity) {
      grown, bytes in block.drawStraight(grown, into: bytes)
    }
  }

  /// `text` (straight RGBA) grown by `width` pixels on every side, with an outline `width`
  /// pixels wide in `color` (straight alpha `opacity`) under it.
  public static func outlined(
    _ text: Bitmap, width: Double, color: SIMD3<UInt8>, opacity: Double
  ) -> Bitmap {
    outlined(width: text.width, height: text.height, by: width, color, opacity) {
      grown, bytes in
      // Only the text's own pixels: the outline is painted over every pixel around them.
      let rowBytes = text.width * 4
      text.withUnsafeBytes { source in
        guard let from = source.baseAddress, let to = bytes.baseAddress else { return }
        for row in 0..<text.height {
          (to + ((row - grown.minY) * grown.width - grown.minX) * 4).copyMemory(
            from: from + row * rowBytes, byteCount: rowBytes)
        }
      }
    }
  }

  /// A bitmap `width` x `height` grown by the outline on every side, into which `draw` puts
  /// the text's straight RGBA (given the grown rectangle in the text's coordinates, and the
  /// bytes, `rect.width` pixels a row), then painted band by band: each band's distances
  /// are worked out from the ink before its rows are painted over.
  private static func outlined(
    width textWidth: Int, height textHeight: Int, by width: Double, _ color: SIMD3<UInt8>,
    _ opacity: Double, draw: (Rect, UnsafeMutableRawBufferPointer) -> Void
  ) -> Bitmap {
    let w = min(max(width.isFinite ? width : 0, 0), maxWidth)
    let pad = Int(w.rounded(.up)) + 1
    let (columns, rows) = (textWidth + 2 * pad, textHeight + 2 * pad)
    let painter = Painter(
      reach: Float(w + 0.5), ring: Float(min(max(opacity.isFinite ? opacity : 0, 0), 1)),
      color: SIMD3<Float>(color))
    return Bitmap(width: columns, height: rows, format: .rgba8) { bytes in
      guard let out = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      draw(Rect(x: -pad, y: -pad, width: columns, height: rows), bytes)
      let text = out + (pad * columns + pad) * 4
      var distances = InkDistances(
        inkOf: text, bytesPerRow: columns * 4, width: textWidth, height: textHeight, pad: pad)
      // A band at a time: enough rows that the sweep back up from `pad` rows below each band
      // adds little.
      let band = max(128, 8 * pad)
      var squared = [Float](repeating: 0, count: min(band, rows) * columns)
      squared.withUnsafeMutableBufferPointer { squared in
        guard let values = squared.baseAddress else { return }
        while distances.nextRow < rows {
          let first = distances.nextRow
          distances.next(band, into: squared)
          for y in first..<distances.nextRow {
            let (row, sy) = ((y - first) * columns, y - pad)
            let pixels = out + y * columns * 4
            guard sy >= 0, sy < textHeight else {
              painter.outline(values + row, count: columns, into: pixels)
              continue
            }
            painter.outline(values + row, count: pad, into: pixels)
            painter.text(over: values + row + pad, count: textWidth, in: pixels + pad * 4)
            painter.outline(
              values + row + pad + textWidth, count: pad, into: pixels + (pad + textWidth) * 4)
          }
        }
      }
    }
  }

  /// Turns squared distances into straight RGBA: the outline's coverage (a pixel within the
  /// width is outline, its last half pixel fades out), with the text over it where there is
  /// text. Whole runs of pixels without a branch, so that the loops vectorise.
  private struct Painter {
    /// The width plus the half pixel of fading.
    let reach: Float
    /// The outline's opacity.
    let ring: Float
    /// The outline's colour, 0...255.
    let color: SIMD3<Float>

    /// `count` pixels where there is no text: outline only.
    func outline(
      _ squared: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
      for i in 0..<count {
        let cover = coverage(squared[i], atLeast: 0)
        let shown: Float = cover > 0 ? 1 : 0
        out[i &* 4] = FastMath.byte(color.x * shown)
        out[i &* 4 &+ 1] = FastMath.byte(color.y * shown)
        out[i &* 4 &+ 2] = FastMath.byte(color.z * shown)
        out[i &* 4 &+ 3] = FastMath.byte(cover * 255)
      }
    }

    /// `count` pixels of text (straight RGBA) laid over their outline in place (the text's
    /// own antialiased edge is outline too), unpremultiplied.
    func text(
      over squared: UnsafePointer<Float>, count: Int, in pixels: UnsafeMutablePointer<UInt8>
    ) {
      for i in 0..<count {
        let o = i &* 4
        let a = Float(pixels[o &+ 3]) * (1 / 255)
        let under = coverage(squared[i], atLeast: a) * (1 - a)
        let total = a + under
        let scale = total > 0 ? 1 / total : 0
        pixels[o] = FastMath.byte((Float(pixels[o]) * a + color.x * under) * scale)
        pixels[o &+ 1] = FastMath.byte((Float(pixels[o &+ 1]) * a + color.y * under) * scale)
        pixels[o &+ 2] = FastMath.byte((Float(pixels[o &+ 2]) * a + color.z * under) * scale)
        pixels[o &+ 3] = FastMath.byte(total * 255)
      }
    }

    /// The outline's opacity at a pixel `squared` distance from the glyphs, but at least
    /// `floor` (written as selects, which vectorise).
    @inline(__always)
    private func coverage(_ squared: Float, atLeast floor: Float) -> Float {
      let inside = reach - squared.squareRoot()
      let capped = inside < 1 ? inside : 1
      return (capped > floor ? capped : floor) * ring
    }
  }
}
