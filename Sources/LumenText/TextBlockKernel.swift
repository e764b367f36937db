import LumenCore

/// Draws a ``TextBlock`` tile by tile: each tile's lines into 8-bit scratch exactly as the
/// whole bitmap is drawn, then read as a bitmap is (premultiplied, sRGB-encoded), so the lazy
/// image and ``TextBlock/bitmap`` give the same pixels.
struct TextBlockKernel: OverDrawing {
  let block: TextBlock

  var transfer: Transfer { .sRGB }
  var preservesOpacity: Bool { false }

  func extent(forInputExtents extents: [Rect]) -> Rect { block.extent }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect { .empty }

  func isClear(in rect: Rect) -> Bool { !block.reaches(rect) }

  func apply(inputs: [Tile], output: Tile) {
    output.clear()
    if block.isMonochrome { return readCoverage(into: output, over: false) }
    read(output) { row, i, r, g, b, a in
      row.red[i] = r
      row.green[i] = g
      row.blue[i] = b
      row.alpha[i] = a
    }
  }

  func draw(over tile: Tile) -> Bool {
    if block.isMonochrome {
      readCoverage(into: tile, over: true)
      return true
    }
    read(tile) { row, i, r, g, b, a in row.lay(r, g, b, a, over: i) }
    return true
  }

  /// Draws the block's part in `tile` and hands `put` each of its pixels with ink,
  /// premultiplied (the others are clear).
  @inline(__always)
  private func read(
    _ tile: Tile, _ put: (PixelSpan, Int, Float, Float, Float, Float) -> Void
  ) {
    guard let rect = inked(tile) else { return }
    withUnsafeTemporaryAllocation(of: SIMD4<UInt8>.self, capacity: rect.width * rect.height) {
      canvas in
      let unit: Float = 1 / 255
      var (row, out) = (0, tile.row(rect.minY, from: rect.minX, count: rect.width))
      block.forEachInkedPixel(of: rect, canvas: canvas) { y, i, pixel in
        if y != row {
          row = y
          out = tile.row(rect.minY + y, from: rect.minX, count: rect.width)
        }
        let a = Float(pixel.w) * unit
        put(
          out, i, Float(pixel.x) * unit * a, Float(pixel.y) * unit * a, Float(pixel.z) * unit * a,
          a)
      }
    }
  }

  /// The part of `tile` the block's lines reach, if any.
  @inline(__always)
  private func inked(_ tile: Tile) -> Rect? {
    let rect = tile.rect.intersection(block.extent)
    return !rect.isEmpty && block.reaches(rect) ? rect : nil
  }

  /// ``read(_:_:)`` for a monochrome block, laying its pixels over `tile` or writing them
  /// into it (cleared): its coverage drawn in a byte a pixel, then eight pixels at a time in
  /// the block's colour where any of them has ink (a clear one adds nothing).
  private func readCoverage(into tile: Tile, over: Bool) {
    guard let rect = inked(tile) else { return }
    let colour = SIMD3<Float>(block.color) * (1 / 255)
    block.coverageAlphas.withUnsafeBufferPointer { alphas in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rect.width * rect.height) {
        canvas in
        block.forEachCoverageRow(of: rect, canvas: canvas) { row, coverage in
          let out = tile.row(rect.minY + row, from: rect.minX, count: rect.width)
          var column = 0
          while column + 8 <= rect.width {
            defer { column += 8 }
            if UnsafeRawPointer(coverage + column).loadUnaligned(as: UInt64.self) == 0 { continue }
            var a = SIMD8<Float>()
            for lane in 0..<8 { a[lane] = alphas[Int(coverage[column + lane])] }
            Self.lay(colour.x * a, a, at: out.red + column, over: over)
            Self.lay(colour.y * a, a, at: out.green + column, over: over)
            Self.lay(colour.z * a, a, at: out.blue + column, over: over)
            Self.lay(a, a, at: out.alpha + column, over: over)
          }
          for i in column..<rect.width {
            let a = alphas[Int(coverage[i])]
            if over {
              out.lay(colour.x * a, colour.y * a, colour.z * a, a, over: i)
            } else {
              (out.red[i], out.green[i], out.blue[i], out.alpha[i]) = (
                colour.x * a, colour.y * a, colour.z * a, a
              )
            }
          }
        }
      }
    }
  }

  /// Lays eight premultiplied samples `value` of alphas `a` over those at `plane` as
  /// ``PixelSpan/lay(_:_:_:_:over:)`` does (where `a` is 0 a sample keeps its value), or
  /// stores them.
  @inline(__always)
  private static func lay(
    _ value: SIMD8<Float>, _ a: SIMD8<Float>, at plane: UnsafeMutablePointer<Float>, over: Bool
  ) {
    let raw = UnsafeMutableRawPointer(plane)
    guard over else { return raw.storeBytes(of: value, as: SIMD8<Float>.self) }
    let below = raw.loadUnaligned(as: SIMD8<Float>.self)
    raw.storeBytes(of: value + below * (1 - a), as: SIMD8<Float>.self)
  }
}
