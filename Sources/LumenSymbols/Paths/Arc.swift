import Foundation

/// SVG's elliptical arcs as cubic curves (the endpoint parameterisation of SVG 1.1, appendix
/// F.6): radii scaled up when too small, each piece at most a quarter turn, handles at 4/3
/// tan(θ/4) of the radius.
enum Arc {
  static func cubics(
    from p0: PathPoint, to p1: PathPoint, rx: Double, ry: Double, rotation: Double, large: Bool,
    sweep: Bool
  ) -> [Contour.Segment] {
    var (rx, ry) = (abs(rx), abs(ry))
    guard rx > 0, ry > 0, p0.distance(to: p1) > 0 else { return p0 == p1 ? [] : [.line(to: p1)] }
    let phi = rotation * .pi / 180
    let (cosPhi, sinPhi) = (cos(phi), sin(phi))
    let dx = (p0.x - p1.x) / 2
    let dy = (p0.y - p1.y) / 2
    let x1 = cosPhi * dx + sinPhi * dy
    let y1 = -sinPhi * dx + cosPhi * dy
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var factor = (max(0, numerator) / denominator).squareRoot()
    if large == sweep { factor = -factor }
    let cx1 = factor * rx * y1 / ry
    let cy1 = -factor * ry * x1 / rx
    let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
    let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
    func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
      atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    }
    let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if !sweep, delta > 0 { delta -= 2 * .pi }
    if sweep, delta < 0 { delta += 2 * .pi }
    let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = delta / Double(pieces)
    let handle = 4.0 / 3.0 * tan(step / 4)
    func onEllipse(_ t: Double) -> PathPoint {
      PathPoint(
        cx + rx * cos(t) * cosPhi - ry * sin(t) * sinPhi,
        cy + rx * cos(t) * sinPhi + ry * sin(t) * cosPhi)
    }
    func derivative(_ t: Double) -> PathPoint {
      PathPoint(
        -rx * sin(t) * cosPhi - ry * cos(t) * sinPhi, -rx * sin(t) * sinPhi + ry * cos(t) * cosPhi)
    }
    var segments: [Contour.Segment] = []
    for piece in 0..<pieces {
      let t0 = theta1 + Double(piece) * step
      let t1 = t0 + step
      let start = onEllipse(t0)
      let end = piece == pieces - 1 ? p1 : onEllipse(t1)
      segments.append(
        .curve(start + derivative(t0) * handle, onEllipse(t1) - derivative(t1) * handle, to: end))
    }
    return segments
  }
}
