import Foundation
import LumenCore
import LumenFilters

/// Selective focus: the image mixed with a blurred copy by a mask that is 0 in the sharp area
/// and rises to 1 over `fade`. Distances are fractions of the shorter side, so one document
/// gives the same look on a preview and on the full image.
///
/// - radial: sharp inside a circle of radius `size` around the centre point.
/// - linear: sharp on one side of a line through the centre at `angle` (up to `size` past
///   it), blurred beyond.
/// - mirrored (tilt-shift): sharp in a band of half-width `size` along that line, blurred on
///   both sides.
/// - gaussian: radial, with a Gaussian rise of width `size + fade` instead of a smooth step.
extension FocusSettings {
  func apply(to image: Image) throws -> Image {
    let e = image.extent
    let short = Double(min(e.width, e.height))
    guard blur > 0, short > 0 else { return image }
    let blurred = image.gaussianBlurred(sigma: blur * short)
    return image.applying(MaskedMix(mask: FocusMask(settings: self, extent: e)), with: [blurred])
  }
}

/// Where the blurred copy shows, 0...1, from a pixel position.
struct FocusMask: Sendable {
  let mode: FocusSettings.Mode
  let centreX: Double
  let centreY: Double
  let unit: Double
  let size: Double
  let fade: Double
  let normal: (x: Double, y: Double)

  init(settings f: FocusSettings, extent e: Rect) {
    mode = f.mode
    centreX = Double(e.minX) + f.x * Double(e.width)
    centreY = Double(e.minY) + f.y * Double(e.height)
    unit = Double(min(e.width, e.height))
    size = f.size
    fade = max(f.fade, 1e-6)
    let a = f.angle * .pi / 180
    normal = (-sin(a), cos(a))  // perpendicular to the band's direction
  }

  /// Whether the mask is 0 at every pixel centre of `rect`, with a pixel to spare.
  func isSharp(throughout rect: Rect) -> Bool {
    guard let reach = reach(over: rect) else { return false }
    return reach.upperBound <= size - 1 / unit
  }

  /// Whether the mask is 1 at every pixel centre of `rect`, with a pixel to spare.
  func isBlurred(throughout rect: Rect) -> Bool {
    guard let reach = reach(over: rect) else { return false }
    return reach.lowerBound >= size + fade + 1 / unit
  }

  /// The least and greatest value over the pixel centres of `rect` of what the mask compares
  /// with `size` (distance from the centre point, along the normal, or its magnitude), in
  /// units; nil for the gaussian mode, whose mask is never exactly 0 or 1. Each is monotonic
  /// along a line, so the rect's corners (and, for distances, the centre point's projection
  /// into the rect) bound it.
  private func reach(over rect: Rect) -> ClosedRange<Double>? {
    let x = ((Double(rect.minX) + 0.5 - centreX) / unit, (Double(rect.maxX) - 0.5 - centreX) / unit)
    let y = ((Double(rect.minY) + 0.5 - centreY) / unit, (Double(rect.maxY) - 0.5 - centreY) / unit)
    // How far from 0 the nearest and the farthest points of lo...hi are.
    func nearest(_ lo: Double, _ hi: Double) -> Double { max(lo, 0, -hi) }
    func farthest(_ lo: Double, _ hi: Double) -> Double { max(abs(lo), abs(hi)) }
    let along = (
      min(x.0 * normal.x, x.1 * normal.x) + min(y.0 * normal.y, y.1 * normal.y),
      max(x.0 * normal.x, x.1 * normal.x) + max(y.0 * normal.y, y.1 * normal.y)
    )
    switch mode {
    case .radial:
      let (nx, ny) = (nearest(x.0, x.1), nearest(y.0, y.1))
      let (fx, fy) = (farthest(x.0, x.1), farthest(y.0, y.1))
      return (nx * nx + ny * ny).squareRoot()...(fx * fx + fy * fy).squareRoot()
    case .linear:
      return along.0...along.1
    case .mirrored:
      return nearest(along.0, along.1)...farthest(along.0, along.1)
    case .gaussian:
      return nil
    }
  }

  /// The mask along a row: `count` pixel centres from (x, y) on, one apart. Single precision
  /// and no branches in the loops, so they vectorise.
  func fill(_ out: UnsafeMutablePointer<Float>, y: Double, from x: Double, count: Int) {
    let step = Float(1 / unit)
    let dx0 = Float((x - centreX) / unit)
    let dy = Float((y - centreY) / unit)
    let size = Float(size)
    let sharpness = Float(1 / fade)
    let (nx, ny) = (Float(normal.x), Float(normal.y))
    @inline(__always) func smoothstep(_ t: Float) -> Float {
      let c = min(max(t, 0), 1)
      return c * c * (3 - 2 * c)
    }
    switch mode {
    case .radial:
      for i in 0..<count {
        let dx = dx0 + Float(i) * step
        out[i] = smoothstep(((dx * dx + dy * dy).squareRoot() - size) * sharpness)
      }
    case .linear:
      for i in 0..<count {
        out[i] = smoothstep(((dx0 + Float(i) * step) * nx + dy * ny - size) * sharpness)
      }
    case .mirrored:
      for i in 0..<count {
        out[i] = smoothstep((abs((dx0 + Float(i) * step) * nx + dy * ny) - size) * sharpness)
      }
    case .gaussian:
      // 1 - exp(-r^2 / (2 (w/2)^2)), as a power of two.
      let w = Float(self.size + fade)
      let k = -2 / (w * w) * 1.442_695_04
      for i in 0..<count {
        let dx = dx0 + Float(i) * step
        out[i] = 1 - FastMath.exp2((dx * dx + dy * dy) * k)
      }
    }
  }
}

/// The sharp image (input 0) mixed towards the blurred one (input 1) by the mask. Tiles that
/// are sharp throughout do not read the blurred image at all, nor blurred ones the sharp: their
/// regions of interest are empty, and so are the tiles `apply` gets for them.
struct MaskedMix: GeneralKernel {
  let mask: FocusMask
  var transfer: Transfer { .sRGB }

  func extent(forInputExtents extents: [Rect]) -> Rect { extents[0] }

  var runsInPlace: Bool { true }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect {
    let unread = index == 0 ? mask.isBlurred(throughout: rect) : mask.isSharp(throughout: rect)
    return unread ? .empty : rect
  }

  func apply(inputs: [Tile], output: Tile) {
    let rect = output.rect
    let (sharp, soft) = (inputs[0], inputs[1])
    if soft.rect.isEmpty { return output.copy(from: sharp) }
    if sharp.rect.isEmpty { return output.copy(from: soft) }
    let planes = sharp.isOpaque && soft.isOpaque ? 3 : 4
    let weights = UnsafeMutablePointer<Float>.allocate(capacity: rect.width)
    defer { weights.deallocate() }
    for y in rect.minY..<rect.maxY {
      mask.fill(weights, y: Double(y) + 0.5, from: Double(rect.minX) + 0.5, count: rect.width)
      let a = sharp.row(y, from: rect.minX, count: rect.width)
      let b = soft.row(y, from: rect.minX, count: rect.width)
      let out = output.row(y)
      // A plane at a time (loops over one array each vectorise).
      for p in 0..<planes {
        let (s, t, o) = (a.plane(p), b.plane(p), out.plane(p))
        for i in 0..<rect.width { o[i] = s[i] + weights[i] * (t[i] - s[i]) }
      }
      if planes == 3 { out.alpha.update(repeating: 1, count: rect.width) }
    }
  }
}
