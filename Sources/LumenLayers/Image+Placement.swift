import LumenCore

extension Image {
  /// The image stretched into the transform's box on `canvas` (rotated, flipped); its extent
  /// is the part of the canvas the box reaches, so compositing it costs its own pixels.
  /// Resampled with good quality (Lanczos when reducing, at least bilinear otherwise; no dark
  /// fringes at the edges: premultiplied), except at its own size upright: then it is moved
  /// by whole pixels.
  ///
  /// An image without a finite, non-empty extent, or a transform without a drawable box (sizes
  /// not above 0, numbers not finite) gives nothing (an empty extent).
  public func placed(by transform: LayerTransform, on canvas: Rect) -> Image {
    let nothing = Image(color: .clear).cropped(to: .empty)
    guard transform.isDrawable, !canvas.isEmpty, !canvas.isInfinite, !extent.isEmpty,
      !extent.isInfinite
    else { return nothing }
    let frame = Frame(transform, on: canvas)
    guard frame.isFinite else { return nothing }
    // Axes that shrink are first reduced with Lanczos in the image's own frame, to the box's
    // size rounded to whole pixels; what remains of the map is close to a rotation, which
    // bilinear sampling handles without aliasing.
    let source = movedToOrigin()
    let width = Self.reducedSize(source.extent.width, to: frame.width)
    let height = Self.reducedSize(source.extent.height, to: frame.height)
    var reduced = source
    if width < source.extent.width {
      let taps = Taps.resampling(from: 0..<source.extent.width, to: width, filter: .lanczos3)
      reduced = reduced.applying(SeparablePass(axis: .horizontal, taps: taps, transfer: .linear))
    }
    if height < source.extent.height {
      let taps = Taps.resampling(from: 0..<source.extent.height, to: height, filter: .lanczos3)
      reduced = reduced.applying(SeparablePass(axis: .vertical, taps: taps, transfer: .linear))
    }
    let map = AffineTransform(scaleX: 1 / Double(width), y: 1 / Double(height))
      .concatenating(transform.placement(on: canvas))
    // At its own size and upright, the image is moved by whole pixels (its corner rounded to
    // the nearest): nothing is resampled, so drawn text stays as crisp as it was drawn.
    if width == source.extent.width, height == source.extent.height,
      abs(map.a - 1) < 1e-9, abs(map.d - 1) < 1e-9, abs(map.b) < 1e-9, abs(map.c) < 1e-9,
      let dx = Int(exactly: map.tx.rounded()), let dy = Int(exactly: map.ty.rounded())
    {
      return source.translatedBy(dx: dx, dy: dy).cropped(to: canvas)
    }
    guard let inverse = map.inverted() else { return nothing }
    let bounds = map.apply(to: reduced.extent).insetBy(dx: -1, dy: -1).intersection(canvas)
    return reduced.applying(
      PlacementKernel(source: reduced.extent, inverse: inverse, bounds: bounds))
  }

  /// The whole-pixel size an axis of `size` pixels is reduced to before filling `target`
  /// pixels: `size` itself unless the target is smaller.
  static func reducedSize(_ size: Int, to target: Double) -> Int {
    guard target < Double(size) else { return size }
    return max(1, Int(target.rounded()))
  }
}

/// Samples its input through an affine map (bilinear, premultiplied linear light) onto the
/// part of a canvas it reaches: pixels whose centres map outside the input are transparent.
///
/// A general kernel rather than ``Image/transformed(by:sampling:)`` because it declares the
/// input region it reads, so the renderer computes a reduced input once instead of once per
/// tile, and because its extent is whole pixels of the canvas.
struct PlacementKernel: GeneralKernel {
  /// The input's extent.
  let source: Rect
  /// Canvas position to input position.
  let inverse: AffineTransform
  /// The canvas pixels the input can reach.
  let bounds: Rect

  var preservesOpacity: Bool { false }

  func extent(forInputExtents extents: [Rect]) -> Rect { bounds }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect {
    let area = rect.intersection(bounds)
    if area.isEmpty { return .empty }
    return inverse.apply(to: area).insetBy(dx: -1, dy: -1).intersection(source)
  }

  func apply(inputs: [Tile], output: Tile) {
    output.clear()
    let area = output.rect.intersection(bounds)
    let input = inputs[0]
    if area.isEmpty || input.rect.isEmpty { return }
    let r = input.rect
    let stride = input.rowStride
    let m = inverse
    for y in area.minY..<area.maxY {
      let row = output.row(y, from: area.minX, count: area.width)
      let py = Double(y) + 0.5
      for i in 0..<area.width {
        let px = Double(area.minX + i) + 0.5
        // Sample positions relative to the centres of the input's pixels.
        let u = m.a * px + m.c * py + m.tx - 0.5
        let v = m.b * px + m.d * py + m.ty - 0.5
        guard u > Double(r.minX) - 1, u < Double(r.maxX), v > Double(r.minY) - 1,
          v < Double(r.maxY)
        else { continue }
        let x0 = u.rounded(.down)
        let y0 = v.rounded(.down)
        let fx = Float(u - x0)
        let fy = Float(v - y0)
        let ix = Int(x0)
        let iy = Int(y0)
        let weights = ((1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy)
        if ix >= r.minX, ix + 1 < r.maxX, iy >= r.minY, iy + 1 < r.maxY {
          // All four neighbours inside: no checks (the same sums in the same order as below).
          let o = (iy - r.minY) * stride + (ix - r.minX)
          @inline(__always) func mix(_ p: UnsafeMutablePointer<Float>) -> Float {
            var sum = weights.0 * p[o]
            sum += weights.1 * p[o + 1]
            sum += weights.2 * p[o + stride]
            sum += weights.3 * p[o + stride + 1]
            return sum
          }
          row.red[i] = mix(input.red)
          row.green[i] = mix(input.green)
          row.blue[i] = mix(input.blue)
          row.alpha[i] = mix(input.alpha)
          continue
        }
        var sum = SIMD4<Float>()
        @inline(__always) func add(_ x: Int, _ y: Int, _ weight: Float) {
          guard weight != 0, x >= r.minX, x < r.maxX, y >= r.minY, y < r.maxY else { return }
          let o = (y - r.minY) * stride + (x - r.minX)
          sum += weight * SIMD4(input.red[o], input.green[o], input.blue[o], input.alpha[o])
        }
        add(ix, iy, weights.0)
        add(ix + 1, iy, weights.1)
        add(ix, iy + 1, weights.2)
        add(ix + 1, iy + 1, weights.3)
        row.red[i] = sum.x
        row.green[i] = sum.y
        row.blue[i] = sum.z
        row.alpha[i] = sum.w
      }
    }
  }
}
