import Foundation

/// The input window and weights of each output position along one axis of a separable filter.
public enum Taps: Sendable {
  /// The same weights everywhere, centred: output o reads inputs o - radius ... o + radius
  /// (convolutions such as blurs).
  case uniform([Float])
  /// One window per output position in `outputs` (resampling, where windows move with the
  /// scale and are cut and renormalised at the image edges).
  case table(outputs: Range<Int>, first: [Int], width: Int, weights: [Float])

  var width: Int {
    switch self {
    case .uniform(let w): w.count
    case .table(_, _, let width, _): width
    }
  }

  /// All weights, one window of ``width`` after another (a single window when uniform).
  var weights: [Float] {
    switch self {
    case .uniform(let w): w
    case .table(_, _, _, let weights): weights
    }
  }

  /// Where the window of output position `o` starts in ``weights``.
  func weightOffset(_ o: Int) -> Int {
    switch self {
    case .uniform: 0
    case .table(let outputs, _, let width, _):
      (min(max(o, outputs.lowerBound), outputs.upperBound - 1) - outputs.lowerBound) * width
    }
  }

  /// The first input position read for output position `o`.
  func first(_ o: Int) -> Int {
    switch self {
    case .uniform(let w): o - w.count / 2
    case .table(let outputs, let first, _, _):
      first[min(max(o, outputs.lowerBound), outputs.upperBound - 1) - outputs.lowerBound]
    }
  }

  /// The inputs read by outputs `range` (empty range: none).
  func inputs(for range: Range<Int>) -> Range<Int> {
    if range.isEmpty { return range }
    return first(range.lowerBound)..<(first(range.upperBound - 1) + width)
  }

  /// Resampling windows for mapping `inputs` onto `outputCount` positions with `filter`, using
  /// pixel-centre alignment and, when shrinking, a filter stretched by the scale (antialiasing),
  /// as Pillow's `resize` does.
  public static func resampling(
    from inputs: Range<Int>, to outputCount: Int, filter: ResamplingFilter
  ) -> Taps {
    let scale = Double(inputs.count) / Double(outputCount)
    let stretch = max(scale, 1)
    let support = filter.support * stretch
    let width = Int((support * 2 + 1).rounded(.up)) + 1
    var first = [Int](repeating: 0, count: outputCount)
    var weights = [Float](repeating: 0, count: outputCount * width)
    for o in 0..<outputCount {
      let centre = (Double(o) + 0.5) * scale
      let lo = max(Int((centre - support + 0.5).rounded(.down)), 0)
      let hi = min(Int((centre + support + 0.5).rounded(.down)), inputs.count)
      var w = (lo..<hi).map { filter.weight((Double($0) - centre + 0.5) / stretch) }
      let total = w.reduce(0, +)
      if total != 0 { w = w.map { $0 / total } }
      // Windows are a fixed width; start early near the right edge so they stay inside.
      let start = max(0, min(lo, inputs.count - width))
      first[o] = inputs.lowerBound + start
      for (k, value) in w.enumerated() { weights[o * width + (lo - start) + k] = Float(value) }
    }
    return .table(outputs: 0..<outputCount, first: first, width: width, weights: weights)
  }
}

/// The reconstruction filter used when resampling.
public enum ResamplingFilter: String, Sendable, CaseIterable {
  /// Lanczos with three lobes: sharp, slight ringing; the default for photos.
  case lanczos3
  /// Linear interpolation (a triangle filter).
  case bilinear
  /// Area averaging.
  case box

  var support: Double {
    switch self {
    case .lanczos3: 3
    case .bilinear: 1
    case .box: 0.5
    }
  }

  func weight(_ x: Double) -> Double {
    switch self {
    case .lanczos3:
      if x == 0 { return 1 }
      if abs(x) >= 3 { return 0 }
      let px = Double.pi * x
      return 3 * sin(px) * sin(px / 3) / (px * px)
    case .bilinear:
      return max(0, 1 - abs(x))
    case .box:
      return (x > -0.5 && x <= 0.5) ? 1 : 0
    }
  }
}
