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
    let blurred = try GaussianBlur(sigma: blur * short).apply(to: image)
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

  /// Whether the mask is 0 at every pixel centre of `rect`, with a pixel to spare (the sharp
  /// area is convex, so the rect's corners decide).
  func isSharp(throughout rect: Rect) -> Bool {
    let within = size - 1 / unit
    return corners(of: rect).allSatisfy { dx, dy in
      let along = dx * normal.x + dy * normal.y
      switch mode {
      case .radial: return (dx * dx + dy * dy).squareRoot() <= within
      case .linear: return along <= within
      case .mirrored: return abs(along) <= within
      case .gaussian: return false
      }
    }
  }

  /// Whether the mask is 1 at every pixel centre of `rect`, with a pixel to spare.
  func isBlurred(throughout rect: Rect) -> Bool {
    let reach = size + fade + 1 / unit
    let corners = corners(of: rect)
    switch mode {
    case .radial:
      // The pixel centre nearest to the centre point.
      let xs = corners.map(\.dx)
      let ys = corners.map(\.dy)
      let dx = max(xs.min()!, 0, -xs.max()!)
      let dy = max(ys.min()!, 0, -ys.max()!)
      return (dx * dx + dy * dy).squareRoot() >= reach
    case .linear:
      return corners.allSatisfy { $0.dx * normal.x + $0.dy * normal.y >= reach }
    case .mirrored:
      let along = corners.map { $0.dx * normal.x + $0.dy * normal.y }
      return along.allSatisfy { $0 >= reach } || along.allSatisfy { $0 <= -reach }
    case .gaussian:
      return false
    }
  }

  /// The outermost pixel centres of `rect`, relative to the centre point, in units.
  private func corners(of rect: Rect) -> [(dx: Double, dy: Double)] {
    let xs = [Double(rect.minX) + 0.5, Double(rect.maxX) - 0.5].map { ($0 - centreX) / unit }
    let ys = [Double(rect.minY) + 0.5, Double(rect.maxY) - 0.5].map { ($0 - centreY) / unit }
    return xs.flatMap { dx in ys.map { dy in (dx, dy) } }
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
/// are sharp throughout do not read the blurred image at all, nor blurred ones the sharp.
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
    if mask.isSharp(throughout: rect) { return output.copy(from: sharp) }
    if mask.isBlurred(throughout: rect) { return output.copy(from: soft) }
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
