import Foundation
import LumenCore

/// A transform resolved to pixels on one canvas: the box's centre, size and rotation.
struct Frame {
  let centreX, centreY, width, height, sine, cosine: Double

  init(_ t: LayerTransform, on canvas: Rect) {
    let side = Double(min(canvas.width, canvas.height))
    centreX = Double(canvas.minX) + t.x * Double(canvas.width)
    centreY = Double(canvas.minY) + t.y * Double(canvas.height)
    width = t.width * side
    height = t.height * side
    (sine, cosine) = Self.sineAndCosine(degrees: t.rotation)
  }

  /// Exact for quarter turns, so that 90 and 180 degree layers land on the pixel grid.
  static func sineAndCosine(degrees: Double) -> (Double, Double) {
    guard degrees.isFinite else { return (0, 1) }
    var turn = degrees.truncatingRemainder(dividingBy: 360)
    if turn < 0 { turn += 360 }
    switch turn {
    case 0: return (0, 1)
    case 90: return (1, 0)
    case 180: return (0, -1)
    case 270: return (-1, 0)
    default:
      let radians = turn * .pi / 180
      return (sin(radians), cos(radians))
    }
  }

  /// The whole-pixel bounds of the box grown by `margin` pixels on every side.
  func bounds(margin: Double) -> Rect {
    let hw = width / 2 + margin
    let hh = height / 2 + margin
    let ex = abs(cosine) * hw + abs(sine) * hh
    let ey = abs(sine) * hw + abs(cosine) * hh
    return Rect.covering(
      minX: centreX - ex, minY: centreY - ey, maxX: centreX + ex, maxY: centreY + ey)
  }
}
