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
      let first = taps.first(y)
      let w = weights + taps.weightOffset(y)
      for (o, plane) in zip(output.row(y).planes, input.row(first, from: rect.minX, count: n).planes) {
        o.update(repeating: 0, count: n)
        for k in 0..<taps.width where w[k] != 0 {
          let src = plane + k * input.rowStride
          let wk = w[k]
          for x in 0..<n { o[x] += wk * src[x] }
        }
      }
    }
  }

  private func horizontal(_ input: Tile, _ output: Tile, _ weights: UnsafePointer<Float>) {
    let rect = output.rect
    let n = rect.width
    let uniform = if case .uniform = taps { true } else { false }
    for y in rect.minY..<rect.maxY {
      let outPlanes = output.row(y).planes
      if uniform {
        // Same weights for every x: taps outside, x inside, so the x loop vectorises.
        let src = input.row(y, from: taps.first(rect.minX), count: n + taps.width - 1).planes
        for (o, s) in zip(outPlanes, src) {
          o.update(repeating: 0, count: n)
          for k in 0..<taps.width {
            let (sk, wk) = (s + k, weights[k])
            for x in 0..<n { o[x] += wk * sk[x] }
          }
        }
      } else {
        let rowStart = input.row(y, from: input.rect.minX, count: input.width).planes
        for (o, s) in zip(outPlanes, rowStart) {
          for x in 0..<n {
            let w = weights + taps.weightOffset(rect.minX + x)
            let src = s + (taps.first(rect.minX + x) - input.rect.minX)
            var sum: Float = 0
            for k in 0..<taps.width { sum += w[k] * src[k] }
            o[x] = sum
          }
        }
      }
    }
  }
}
