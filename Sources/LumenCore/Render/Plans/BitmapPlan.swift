/// Reads decoded pixels into planar premultiplied floats, converting the transfer through a
/// table (8 and 16-bit samples) so that sources cost little more than a memory read.
final class BitmapPlan: Plan, @unchecked Sendable {
  let bitmap: Bitmap
  let transfer: Transfer
  var extent: Rect { bitmap.extent }
  var isOpaque: Bool { !bitmap.format.hasAlpha }
  var isCheap: Bool { true }
  /// Sample value -> float in `transfer`, for integer samples.
  let table: [Float]

  /// Tone curves folded into the table; `transfer` is then the encoding after them.
  let curves: [any ToneCurve]

  init(
    _ bitmap: Bitmap, transfer: Transfer, curves: [any ToneCurve] = [],
    resultTransfer: Transfer? = nil
  ) {
    self.bitmap = bitmap
    self.curves = curves
    self.transfer = resultTransfer ?? transfer
    self.baseTransfer = transfer
    let levels: Int
    switch bitmap.format.sample {
    case .uint8: levels = 256
    case .uint16: levels = 65536
    case .float32: levels = 0
    }
    let scale = levels > 1 ? 1 / Float(levels - 1) : 0
    let convert = BitmapPlan.conversion(from: bitmap.format.transfer, to: transfer)
    let table = (0..<levels).map { level in
      curves.reduce(convert(Float(level) * scale)) { value, curve in curve.map(value) }
    }
    self.table = table
    isPlainScale = table.indices.allSatisfy { table[$0] == Float($0) * scale }
  }

  /// True when the table is just `level / maxLevel`: then a multiply replaces the lookup,
  /// which vectorises.
  private let isPlainScale: Bool

  /// The transfer the stored samples are converted to before any folded curves.
  private let baseTransfer: Transfer

  /// The window of a streamed bitmap that this render decodes for itself; set (by
  /// ``SourceWindows``) before any tile is rendered.
  private var window: RowReader?

  /// Reads this render's rows from `buffer` instead of the bitmap's whole picture.
  func read(from buffer: RowBuffer) { window = RowReader(buffer) }

  /// Where this render reads the bitmap's rows.
  var rows: RowReader { window ?? bitmap.reader() }

  /// Whether tone curves can be folded into a table (integer samples only).
  var canFoldCurves: Bool { bitmap.format.sample != .float32 }

  /// This source with `more` curves applied after its own, ending in `transfer`.
  func folding(_ more: [any ToneCurve], resultTransfer: Transfer) -> BitmapPlan {
    BitmapPlan(
      bitmap, transfer: baseTransfer, curves: curves + more, resultTransfer: resultTransfer)
  }

  static func conversion(from: Transfer, to: Transfer) -> (Float) -> Float {
    switch (from, to) {
    case (.sRGB, .linear): SRGB.decode
    case (.linear, .sRGB): SRGB.encode
    default: { $0 }
    }
  }

  func evaluate(into tile: Tile, pool: TilePool) {
    let area = tile.rect.intersection(extent)
    tile.clear(outside: area)
    if area.isEmpty { return }
    // A streamed bitmap's rows above area.maxY are final once published.
    let rows = self.rows
    rows.wait(forRows: area.maxY)
    table.withUnsafeBufferPointer { table in
      for y in area.minY..<area.maxY {
        let out = tile.row(y, from: area.minX, count: area.width)
        let rowStart = rows.row(y) + area.minX * bitmap.format.bytesPerPixel
        switch bitmap.format.sample {
        case .uint8:
          read(rowStart.assumingMemoryBound(to: UInt8.self), out, table.baseAddress!, 1 / 255)
        case .uint16:
          read(rowStart.assumingMemoryBound(to: UInt16.self), out, table.baseAddress!, 1 / 65535)
        case .float32:
          readFloats(rowStart.assumingMemoryBound(to: Float.self), out)
        }
      }
    }
  }

  /// 8-bit RGBA read as stored (a sticker) is laid over the tile as it is read: the same sums
  /// as reading it into a tile and blending that, without the tile.
  func draw(over tile: Tile, in area: Rect, pool: TilePool) {
    guard bitmap.format.hasAlpha, bitmap.format.sample == .uint8, isPlainScale else {
      return drawByBlending(over: tile, in: area, pool: pool)
    }
    let area = area.intersection(extent)
    if area.isEmpty { return }
    let rows = self.rows
    rows.wait(forRows: area.maxY)
    let unit: Float = 1 / 255
    for y in area.minY..<area.maxY {
      let out = tile.row(y, from: area.minX, count: area.width)
      let p = (rows.row(y) + area.minX * 4).assumingMemoryBound(to: UInt8.self)
      for i in 0..<out.count {
        let o = i &* 4
        let a = Float(p[o &+ 3]) * unit
        out.lay(
          Float(p[o]) * unit * a, Float(p[o &+ 1]) * unit * a, Float(p[o &+ 2]) * unit * a, a,
          over: i)
      }
    }
  }

  /// Copies the stored rows when they are already the output's samples (an opaque source
  /// read as stored, a transcode): no trip through float planes, which would give the same
  /// bytes.
  func write(
    _ rect: Rect, as format: PixelFormat, to out: UnsafeMutableRawPointer, bytesPerRow: Int,
    pool: TilePool
  ) -> Bool {
    guard isPlainScale, !format.hasAlpha, format.sample != .float32, format == bitmap.format,
      transfer == format.transfer, extent.contains(rect)
    else {
      return false
    }
    let rows = self.rows
    rows.wait(forRows: rect.maxY)
    let offset = rect.minX * format.bytesPerPixel
    let count = rect.width * format.bytesPerPixel
    for y in rect.minY..<rect.maxY {
      (out + (y - rect.minY) * bytesPerRow).copyMemory(from: rows.row(y) + offset, byteCount: count)
    }
    return true
  }

  @inline(__always)
  private func read<T: FixedWidthInteger>(
    _ p: UnsafePointer<T>, _ out: PixelSpan, _ table: UnsafePointer<Float>, _ alphaScale: Float
  ) {
    if bitmap.format.hasAlpha && isPlainScale {
      for i in 0..<out.count {
        let o = i &* 4
        let a = Float(p[o &+ 3]) * alphaScale
        out.red[i] = Float(p[o]) * alphaScale * a
        out.green[i] = Float(p[o &+ 1]) * alphaScale * a
        out.blue[i] = Float(p[o &+ 2]) * alphaScale * a
        out.alpha[i] = a
      }
    } else if bitmap.format.hasAlpha {
      for i in 0..<out.count {
        let o = i &* 4
        let a = Float(p[o &+ 3]) * alphaScale
        out.red[i] = table[Int(p[o])] * a
        out.green[i] = table[Int(p[o &+ 1])] * a
        out.blue[i] = table[Int(p[o &+ 2])] * a
        out.alpha[i] = a
      }
    } else if isPlainScale {
      for i in 0..<out.count {
        let o = i &* 3
        out.red[i] = Float(p[o]) * alphaScale
        out.green[i] = Float(p[o &+ 1]) * alphaScale
        out.blue[i] = Float(p[o &+ 2]) * alphaScale
        out.alpha[i] = 1
      }
    } else {
      // Wrapping index arithmetic: no overflow checks in the loop.
      for i in 0..<out.count {
        let o = i &* 3
        out.red[i] = table[Int(p[o])]
        out.green[i] = table[Int(p[o &+ 1])]
        out.blue[i] = table[Int(p[o &+ 2])]
        out.alpha[i] = 1
      }
    }
  }

  private func readFloats(_ p: UnsafePointer<Float>, _ out: PixelSpan) {
    let convert = BitmapPlan.conversion(from: bitmap.format.transfer, to: baseTransfer)
    let n = bitmap.format.channels
    for i in 0..<out.count {
      let a = n == 4 ? p[4 * i + 3] : 1
      out.red[i] = convert(p[n * i]) * a
      out.green[i] = convert(p[n * i + 1]) * a
      out.blue[i] = convert(p[n * i + 2]) * a
      out.alpha[i] = a
    }
  }
}

/// An infinite image of one colour.
final class ConstantPlan: Plan {
  let color: RGBA
  let transfer: Transfer
  var extent: Rect { .infinite }
  var isOpaque: Bool { color.alpha >= 1 }
  var isCheap: Bool { true }
  private let premultiplied: [Float]

  init(_ color: RGBA, transfer: Transfer) {
    self.color = color
    self.transfer = transfer
    let c = BitmapPlan.conversion(from: .linear, to: transfer)
    premultiplied = [
      c(color.red) * color.alpha, c(color.green) * color.alpha, c(color.blue) * color.alpha,
      color.alpha,
    ]
  }

  func isClear(in rect: Rect) -> Bool { color.alpha == 0 || rect.isEmpty }

  func evaluate(into tile: Tile, pool: TilePool) {
    for y in tile.rect.minY..<tile.rect.maxY {
      let s = tile.row(y)
      for (plane, value) in zip(s.planes, premultiplied) {
        plane.update(repeating: value, count: s.count)
      }
    }
  }
}
