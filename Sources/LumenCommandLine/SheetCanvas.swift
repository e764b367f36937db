import LumenCore

/// An 8-bit RGB picture assembled in memory: rendered cells copied in, rectangles filled, text
/// drawn with ``SheetFont``. What contact sheets are made of; small, so plain loops suffice.
package struct SheetCanvas {
  package let width: Int
  package let height: Int
  private var pixels: [UInt8]

  /// A canvas filled with `background` (RGB bytes).
  package init(width: Int, height: Int, background: SIMD3<UInt8>) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: 3 * width * height)
    fill(x: 0, y: 0, width: width, height: height, color: background)
  }

  /// Fills a rectangle, clipped to the canvas.
  package mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: SIMD3<UInt8>) {
    let x0 = max(0, x)
    let x1 = min(width, x + w)
    guard x1 > x0 else { return }
    for row in max(0, y)..<min(height, y + h) {
      var o = 3 &* (row &* width &+ x0)
      for _ in x0..<x1 {
        pixels[o] = color.x
        pixels[o &+ 1] = color.y
        pixels[o &+ 2] = color.z
        o = o &+ 3
      }
    }
  }

  /// Copies an RGB8 bitmap with its top-left corner at (x, y), clipped to the canvas.
  package mutating func draw(_ bitmap: Bitmap, x: Int, y: Int) {
    precondition(bitmap.format == .rgb8, "cells are rendered as RGB8")
    let columns = min(bitmap.width, width - x)
    guard x >= 0, columns > 0 else { return }
    bitmap.withUnsafeBytes { source in
      pixels.withUnsafeMutableBytes { target in
        for row in 0..<bitmap.height where (0..<height).contains(y + row) {
          let from = source.baseAddress! + row * bitmap.bytesPerRow
          let to = target.baseAddress! + 3 * ((y + row) * width + x)
          to.copyMemory(from: from, byteCount: 3 * columns)
        }
      }
    }
  }

  /// Draws `text` with its top-left corner at (x, y), each font pixel `scale` pixels square.
  package mutating func draw(text: String, x: Int, y: Int, scale: Int, color: SIMD3<UInt8>) {
    for pixel in SheetFont.pixels(of: text) {
      fill(
        x: x + pixel.x * scale, y: y + pixel.y * scale, width: scale, height: scale, color: color)
    }
  }

  /// `text` shortened with ".." so that it is at most `maxWidth` pixels wide at `scale`.
  package static func fitting(_ text: String, maxWidth: Int, scale: Int) -> String {
    let fits = { (s: String) in SheetFont.width(of: s) * scale <= maxWidth }
    if fits(text) { return text }
    var cut = text
    while !cut.isEmpty && !fits(cut + "..") { cut.removeLast() }
    return cut.isEmpty ? "" : cut + ".."
  }

  /// The canvas as a bitmap, ready to encode.
  package var bitmap: Bitmap {
    Bitmap(width: width, height: height, format: .rgb8) { bytes in
      pixels.withUnsafeBytes { bytes.copyMemory(from: $0) }
    }
  }
}
