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
    return Image(generator: BrushKernel(paints: paints, bounds: bounds))
  }
}

/// Paints strokes tile by tile on premultiplied sRGB-encoded colour (as the editors our users
/// know paint): each stroke's coverage over the tile, then its colour laid over what the
/// strokes before it left (or those erased).
struct BrushKernel: GeneralKernel {
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

  var transfer: Transfer { .sRGB }
  var preservesOpacity: Bool { false }

  func extent(forInputExtents extents: [Rect]) -> Rect { bounds }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect { .empty }

  func isClear(in rect: Rect) -> Bool {
    !paints.contains { paint in
      !paint.path.bounds.intersection(rect).isEmpty
        && paint.path.reaches.contains { !$0.intersection(rect).isEmpty }
    }
  }

  func apply(inputs: [Tile], output: Tile) {
    output.clear()
    for paint in paints where !paint.path.bounds.intersection(output.rect).isEmpty {
      guard let coverage = BrushCoverage(paint.path, in: output.rect) else { continue }
      let (c, strength) = (paint.colour, paint.strength)
      coverage.values.withUnsafeBufferPointer { values in
        for row in 0..<coverage.height {
          let out = output.row(coverage.minY + row, from: coverage.minX, count: coverage.width)
          let covered = values.baseAddress! + row * coverage.width
          let touched = coverage.touched[row]
          // Without a branch, so that the loops vectorise: where nothing is covered the
          // amount is 0 and the pixel stays exactly as it was.
          if paint.erases {
            for i in touched {
              let keep = 1 - Swift.max(Swift.min(covered[i], 1), 0) * strength
              out.red[i] *= keep
              out.green[i] *= keep
              out.blue[i] *= keep
              out.alpha[i] *= keep
            }
          } else {
            for i in touched {
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
}
