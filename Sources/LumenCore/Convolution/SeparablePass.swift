/// One axis of a separable filter (blur, sharpen, resampling) as a general kernel.
///
/// Blurs and resizes are two passes: horizontal then vertical. The renderer keeps the first
/// pass's output in memory, so each input pixel is filtered once per axis.
public struct SeparablePass: GeneralKernel {
  public enum Axis: Sendable { case horizontal, vertical }

  public let axis: Axis
  public let taps: Taps
  public let transfer: Transfer

  public init(axis: Axis, taps: Taps, transfer: Transfer) {
    self.axis = axis
    self.taps = taps
    self.transfer = transfer
  }

  public func extent(forInputExtents extents: [Rect]) -> Rect {
    let e = extents[0]
    guard case .table(let outputs, _, _, _) = taps else { return e }
    switch axis {
    case .horizontal:
      return Rect(x: outputs.lowerBound, y: e.minY, width: outputs.count, height: e.height)
    case .vertical:
      return Rect(x: e.minX, y: outputs.lowerBound, width: e.width, height: outputs.count)
    }
  }

  public func regionOfInterest(for rect: Rect, input index: Int) -> Rect {
    switch axis {
    case .horizontal:
      let xs = taps.inputs(for: rect.minX..<rect.maxX)
      return Rect(x: xs.lowerBound, y: rect.minY, width: xs.count, height: rect.height)
    case .vertical:
      let ys = taps.inputs(for: rect.minY..<rect.maxY)
      return Rect(x: rect.minX, y: ys.lowerBound, width: rect.width, height: ys.count)
    }
  }

  public func apply(inputs: [Tile], output: Tile) {
    taps.weights.withUnsafeBufferPointer { weights in
      guard let w = weights.baseAddress else { return }
      switch axis {
      case .vertical: vertical(inputs[0], output, w)
      case .horizontal: horizontal(inputs[0], output, w)
      }
    }
  }

  /// Each output row is a weighted sum of whole input rows, which vectorises across x.
  private func vertical(_ input: Tile, _ output: Tile, _ weights: UnsafePointer<Float>) {
    let rect = output.rect
    let n = rect.width
    for y in rect.minY..<rect.maxY {
      let w = weights + taps.weightOffset(y)
      let out = output.row(y)
      let src = input.row(taps.first(y), from: rect.minX, count: n)
      for (o, plane) in zip(out.planes, src.planes).prefix(input.isOpaque ? 3 : 4) {
        Self.accumulate(into: o, count: n, taps: taps.width, weights: w) {
          plane + $0 * input.rowStride
        }
      }
      if input.isOpaque { out.alpha.update(repeating: 1, count: n) }
    }
  }

  private func horizontal(_ input: Tile, _ output: Tile, _ weights: UnsafePointer<Float>) {
    let rect = output.rect
    let n = rect.width
    let uniform = if case .uniform = taps { true } else { false }
    // Per-output windows (table taps): where each starts in the row and in the weights.
    let width = taps.width
    let starts = uniform ? [] : (0..<n).map { taps.first(rect.minX + $0) - input.rect.minX }
    let offsets = uniform ? [] : (0..<n).map { taps.weightOffset(rect.minX + $0) }
    for y in rect.minY..<rect.maxY {
      let out = output.row(y)
      let planes = zip(out.planes, input.row(y).planes).prefix(input.isOpaque ? 3 : 4)
      if uniform {
        // Same weights for every x: taps outside, x inside, so the x loop vectorises.
        let offset = taps.first(rect.minX) - input.rect.minX
        for (o, s) in planes {
          Self.accumulate(into: o, count: n, taps: taps.width, weights: weights) { s + offset + $0 }
        }
      } else {
        for (o, s) in planes {
          for x in 0..<n {
            let w = weights + offsets[x]
            let src = s + starts[x]
            var sum: Float = 0
            for k in 0..<width { sum += w[k] * src[k] }
            o[x] = sum
          }
        }
      }
      if input.isOpaque { out.alpha.update(repeating: 1, count: n) }
    }
  }

  /// out[x] = sum over k of weights[k] * source(k)[x], four taps per sweep so that the output
  /// row is loaded and stored a quarter as often.
  @inline(__always)
  private static func accumulate(
    into o: UnsafeMutablePointer<Float>, count n: Int, taps: Int, weights w: UnsafePointer<Float>,
    source: (Int) -> UnsafeMutablePointer<Float>
  ) {
    o.update(repeating: 0, count: n)
    var k = 0
    while k + 4 <= taps {
      let (s0, s1, s2, s3) = (source(k), source(k + 1), source(k + 2), source(k + 3))
      let (w0, w1, w2, w3) = (w[k], w[k + 1], w[k + 2], w[k + 3])
      for x in 0..<n { o[x] += w0 * s0[x] + w1 * s1[x] + w2 * s2[x] + w3 * s3[x] }
      k += 4
    }
    while k < taps {
      let (s0, w0) = (source(k), w[k])
      for x in 0..<n { o[x] += w0 * s0[x] }
      k += 1
    }
  }
}
