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

  func value(x: Double, y: Double) -> Float {
    let dx = (x - centreX) / unit
    let dy = (y - centreY) / unit
    let t: Double
    switch mode {
    case .radial:
      t = ((dx * dx + dy * dy).squareRoot() - size) / fade
    case .linear:
      t = (dx * normal.x + dy * normal.y - size) / fade
    case .mirrored:
      t = (abs(dx * normal.x + dy * normal.y) - size) / fade
    case .gaussian:
      let r2 = dx * dx + dy * dy
      let w = size + fade
      return Float(1 - exp(-r2 / (2 * w * w / 4)))
    }
    let c = min(max(t, 0), 1)
    return Float(c * c * (3 - 2 * c))
  }
}

/// The sharp image (input 0) mixed towards the blurred one (input 1) by the mask.
struct MaskedMix: GeneralKernel {
  let mask: FocusMask
  var transfer: Transfer { .sRGB }

  func extent(forInputExtents extents: [Rect]) -> Rect { extents[0] }

  func regionOfInterest(for rect: Rect, input index: Int) -> Rect { rect }

  func apply(inputs: [Tile], output: Tile) {
    let rect = output.rect
    var weights = [Float](repeating: 0, count: rect.width)
    for y in rect.minY..<rect.maxY {
      for i in 0..<rect.width {
        weights[i] = mask.value(x: Double(rect.minX + i) + 0.5, y: Double(y) + 0.5)
      }
      let sharp = inputs[0].row(y, from: rect.minX, count: rect.width).planes
      let soft = inputs[1].row(y, from: rect.minX, count: rect.width).planes
      for (p, o) in output.row(y).planes.enumerated() {
        let a = sharp[p]
        let b = soft[p]
        for i in 0..<rect.width { o[i] = a[i] + weights[i] * (b[i] - a[i]) }
      }
    }
  }
}
