/// A rectangle of planar, premultiplied `Float` pixels that kernels read and write.
///
/// Each channel is a plane; rows are `rowStride` floats apart, so a tile can also be a window
/// into a larger buffer. Tiles live only during a render; the renderer recycles their memory.
public struct Tile: @unchecked Sendable {
  public let rect: Rect
  public let rowStride: Int
  public let red: UnsafeMutablePointer<Float>
  public let green: UnsafeMutablePointer<Float>
  public let blue: UnsafeMutablePointer<Float>
  public let alpha: UnsafeMutablePointer<Float>
  /// True when the renderer knows every alpha in the tile is 1, so kernels may skip alpha.
  public internal(set) var isOpaque = false

  /// A tile over `memory` holding four consecutive planes of `rect.area` floats.
  init(rect: Rect, memory: UnsafeMutablePointer<Float>) {
    let n = rect.area
    self.init(
      rect: rect, rowStride: rect.width, red: memory, green: memory + n, blue: memory + 2 * n,
      alpha: memory + 3 * n)
  }

  init(
    rect: Rect, rowStride: Int, red: UnsafeMutablePointer<Float>,
    green: UnsafeMutablePointer<Float>,
    blue: UnsafeMutablePointer<Float>, alpha: UnsafeMutablePointer<Float>
  ) {
    self.rect = rect
    self.rowStride = rowStride
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public var width: Int { rect.width }
  public var height: Int { rect.height }

  /// `count` pixels of row `y` starting at column `x` (image coordinates) as a span.
  @inlinable
  public func row(_ y: Int, from x: Int, count: Int) -> PixelSpan {
    let offset = (y - rect.minY) * rowStride + (x - rect.minX)
    return PixelSpan(
      red: red + offset, green: green + offset, blue: blue + offset, alpha: alpha + offset,
      count: count)
  }

  /// The whole of row `y` (image coordinates) as a span.
  @inlinable
  public func row(_ y: Int) -> PixelSpan { row(y, from: rect.minX, count: rect.width) }

  /// A window onto part of this tile, sharing its memory.
  public func window(_ r: Rect) -> Tile {
    let offset = (r.minY - rect.minY) * rowStride + (r.minX - rect.minX)
    return Tile(
      rect: r, rowStride: rowStride, red: red + offset, green: green + offset, blue: blue + offset,
      alpha: alpha + offset)
  }

  /// The same memory seen at another position (for whole-pixel moves).
  func moved(to r: Rect) -> Tile {
    Tile(rect: r, rowStride: rowStride, red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Sets `r` (default: the whole tile) to transparent black.
  public func clear(_ r: Rect? = nil) {
    let area = (r ?? rect).intersection(rect)
    if area.isEmpty { return }
    for y in area.minY..<area.maxY {
      let s = row(y, from: area.minX, count: area.width)
      for plane in s.planes { plane.update(repeating: 0, count: area.width) }
    }
  }

  /// Clears everything outside `keep`.
  func clear(outside keep: Rect) {
    let k = keep.intersection(rect)
    if k == rect { return }
    if k.isEmpty { return clear() }
    clear(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: k.minY - rect.minY))
    clear(Rect(x: rect.minX, y: k.maxY, width: rect.width, height: rect.maxY - k.maxY))
    clear(Rect(x: rect.minX, y: k.minY, width: k.minX - rect.minX, height: k.height))
    clear(Rect(x: k.maxX, y: k.minY, width: rect.maxX - k.maxX, height: k.height))
  }

  /// Copies the overlap of `source` into this tile (a kernel passing some tiles through).
  public func copy(from source: Tile) {
    let r = rect.intersection(source.rect)
    if r.isEmpty
      || source.row(r.minY, from: r.minX, count: 1).red == row(r.minY, from: r.minX, count: 1).red
    {
      return  // nothing to move (a kernel run in place)
    }
    for y in r.minY..<r.maxY {
      let d = row(y, from: r.minX, count: r.width)
      let s = source.row(y, from: r.minX, count: r.width)
      d.red.update(from: s.red, count: r.width)
      d.green.update(from: s.green, count: r.width)
      d.blue.update(from: s.blue, count: r.width)
      d.alpha.update(from: s.alpha, count: r.width)
    }
  }
}
