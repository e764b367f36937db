import LumenCore

extension Image {
  /// A `width` x `height` drawing of `strokes` in order, on transparency: each paints its
  /// colour over what is below (or erases it) by its coverage times its opacity. The points
  /// are fractions of the drawing's sides and the tips fractions of its shorter side, so a
  /// preview and an export draw the same strokes; `smoothing` (0...1) calms every path first.
  ///
  /// The drawing is lazy: each tile of a render paints only the strokes, and of them only the
  /// segments, that reach it, so a brush costs the pixels it touches and no memory of its own.
  public static func brush(
    _ strokes: [BrushStroke], smoothing: Double = 0, width: Int, height: Int
  ) -> Image {
    brush(strokes, smoothing: smoothing, width: width, height: height, bands: BrushBands())
  }

  /// The drawing, its bands of rows kept by `bands` (tests set their memory limit).
  static func brush(
    _ strokes: [BrushStroke], smoothing: Double, width: Int, height: Int, bands: BrushBands
  ) -> Image {
    let shorter = Double(Swift.min(width, height))
    let paints = strokes.compactMap { stroke -> BrushKernel.Paint? in
      let points = stroke.points.smoothed(by: smoothing).map {
        SIMD2($0.x * Double(width), $0.y * Double(height))
      }
      guard
        let path = BrushPath(
          points: points, radius: Swift.max(stroke.size * shorter / 2, 0.5),
          hardness: stroke.hardness, width: width, height: height)
      else { return nil }
      let strength = Float(Swift.min(Swift.max(stroke.opacity.isNaN ? 0 : stroke.opacity, 0), 1))
      let colour = stroke.color.clamped
      return BrushKernel.Paint(
        path: path,
        colour: SIMD4(colour.x * colour.w, colour.y * colour.w, colour.z * colour.w, colour.w),
        strength: strength, erases: stroke.erases)
    }
    guard let first = paints.first else {
      return Image(color: .clear).cropped(to: Rect(width: 1, height: 1))
    }
    let bounds = paints.dropFirst().reduce(first.path.bounds) { $0.union($1.path.bounds) }
    return Image(generator: BrushKernel(paints: paints, bounds: bounds, bands: bands))
  }
}

/// Paints strokes tile by tile on premultiplied sRGB-encoded colour (as the editors our users
/// know paint): each stroke's coverage over the tile, then its colour laid over what the
/// strokes before it left (or those erased).
///
/// A band of rows is worked out once for all its tiles (``BrushBands``): a stroke's crossings
/// of a row cost the same whether a tile needs 256 of its columns or all of them.
struct BrushKernel: OverDrawing {
  struct Paint: Sendable {
    let path: BrushPath
    /// Premultiplied sRGB-encoded colour.
    let colour: SIMD4<Float>
    let strength: Float
    let erases: Bool
  }

  let paints: [Paint]
  /// The pixels the strokes reach.
  let bounds: Rect
  let bands: BrushBands

  var transfer: Transfer { .sRGB }
  var preservesOpacity: Bool { false }

  func extent(forInputExtents extents: [Rect]) -> Rect { bounds }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect { .empty }

  func isClear(in rect: Rect) -> Bool {
    !paints.contains { paint in
      !paint.path.bounds.intersection(rect).isEmpty && paint.path.reaches(rect)
    }
  }

  func apply(inputs: [Tile], output: Tile) {
    output.clear()
    paint(over: output)
  }

  /// Strokes laid one after another over the photo are the drawing laid over it (source-over
  /// is associative); an eraser would erase the photo, so a brush with one is drawn apart.
  func draw(over tile: Tile) -> Bool {
    guard !paints.contains(where: \.erases) else { return false }
    paint(over: tile)
    return true
  }

  /// Paints every stroke over `output`, in order.
  private func paint(over output: Tile) {
    let rect = output.rect
    let kept = bands.coverages(of: paints, rows: rect.minY..<rect.maxY)
    // By index, and painted by the coverage in place: copying a paint or a coverage retains
    // its arrays, and the workers painting neighbouring tiles would contend for their counts.
    for index in paints.indices {
      if let kept {
        kept[index]?.paint(
          paints[index].colour, paints[index].strength, paints[index].erases, over: output)
      } else {
        // A band too large to keep: each stroke over this tile alone, one after another.
        BrushCoverage(paints[index].path, in: rect)?.paint(
          paints[index].colour, paints[index].strength, paints[index].erases, over: output)
      }
    }
  }
}

extension BrushCoverage {
  /// Lays premultiplied `colour` over `output` (or erases it) by this coverage times
  /// `strength`, where the runs meet the tile.
  fileprivate func paint(
    _ c: SIMD4<Float>, _ strength: Float, _ erases: Bool, over output: Tile
  ) {
    let rect = output.rect
    guard reached.overlaps(rect.minX..<rect.maxX) else { return }
    values.withUnsafeBufferPointer { values in
      for run in runs where rect.minY <= run.y && run.y < rect.maxY {
        let columns = run.columns.clamped(to: rect.minX..<rect.maxX)
        guard !columns.isEmpty else { continue }
        let out = output.row(run.y, from: columns.lowerBound, count: columns.count)
        let covered =
          values.baseAddress! + run.start + (columns.lowerBound - run.columns.lowerBound)
        // Without a branch, so that the loops vectorise: where nothing is covered the
        // amount is 0 and the pixel stays exactly as it was.
        if erases {
          for i in 0..<columns.count {
            let keep = 1 - Swift.max(Swift.min(covered[i], 1), 0) * strength
            out.red[i] *= keep
            out.green[i] *= keep
            out.blue[i] *= keep
            out.alpha[i] *= keep
          }
        } else {
          for i in 0..<columns.count {
            let amount = Swift.max(Swift.min(covered[i], 1), 0) * strength
            let keep = 1 - c.w * amount
            out.red[i] = c.x * amount + out.red[i] * keep
            out.green[i] = c.y * amount + out.green[i] * keep
            out.blue[i] = c.z * amount + out.blue[i] * keep
            out.alpha[i] = c.w * amount + out.alpha[i] * keep
          }
        }
      }
    }
  }
}

/// The strokes' coverage of the last few bands of rows a render asked for, each worked out
/// once, across the strokes' whole width, by the first of its tiles (the others wait for it).
/// A band whose coverage would hold more than ``bandBytes`` is not kept: its tiles work out
/// each stroke in turn over themselves alone, so memory stays bounded whatever the strokes.
final class BrushBands: Sendable {
  static let kept = 4
  /// The most a kept band's coverage may hold.
  let bandBytes: Int

  init(bandBytes: Int = 16 << 20) { self.bandBytes = bandBytes }

  private enum Coverage {
    case pending
    case kept([BrushCoverage?])
    case tooLarge
  }

  private final class Band: Sendable {
    let rows: Range<Int>
    let coverage = Locked<Coverage>(.pending)
    init(rows: Range<Int>) { self.rows = rows }
  }

  private let recent = Locked<[Band]>([])

  /// Each paint's coverage of `rows` across the strokes' width (nil for a paint that covers
  /// none of it); nil when the band is too large to keep.
  fileprivate func coverages(of paints: [BrushKernel.Paint], rows: Range<Int>)
    -> [BrushCoverage?]?
  {
    let band = recent.withLock { recent in
      if let known = recent.first(where: { $0.rows == rows }) { return known }
      let band = Band(rows: rows)
      recent.append(band)
      if recent.count > Self.kept { recent.removeFirst() }
      return band
    }
    return band.coverage.withLock { coverage in
      switch coverage {
      case .kept(let coverages): return coverages
      case .tooLarge: return nil
      case .pending: break
      }
      // What the band may hold at most: every row of every segment's reach within it, and a
      // run a row for each segment.
      var most = 0
      for paint in paints {
        for reach in paint.path.reaches
        where reach.minY < rows.upperBound && reach.maxY > rows.lowerBound {
          most +=
            rows.count
            * (reach.width * MemoryLayout<Float>.size + MemoryLayout<BrushCoverage.Run>.stride)
        }
      }
      guard most <= bandBytes else {
        coverage = .tooLarge
        return nil
      }
      let coverages = paints.map { paint in
        let columns = paint.path.bounds
        return BrushCoverage(
          paint.path,
          in: Rect(x: columns.minX, y: rows.lowerBound, width: columns.width, height: rows.count))
      }
      coverage = .kept(coverages)
      return coverages
    }
  }
}
