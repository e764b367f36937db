/// A kernel that moves pixels: for each output position it names the input position to sample,
/// like a Core Image warp kernel. Affine maps use ``AffineTransform`` instead, which the renderer
/// can merge with neighbouring transforms.
public protocol WarpKernel: Sendable {
  /// The input position whose colour lands at output position `point` (pixel centres are at
  /// half-integers).
  func sourcePoint(for point: Point) -> Point

  /// The output extent for an input of the given extent; by default the input's extent.
  func extent(forInputExtent extent: Rect) -> Rect

  /// The input region needed to compute `rect`. The default traces the rectangle's border
  /// (every few pixels) through ``sourcePoint(for:)``, which suits continuous warps.
  func regionOfInterest(for rect: Rect) -> Rect
}

extension WarpKernel {
  public func extent(forInputExtent extent: Rect) -> Rect { extent }

  public func regionOfInterest(for rect: Rect) -> Rect {
    if rect.isEmpty { return .empty }
    var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    func visit(_ x: Double, _ y: Double) {
      let p = sourcePoint(for: Point(x: x, y: y))
      x0 = min(x0, p.x)
      y0 = min(y0, p.y)
      x1 = max(x1, p.x)
      y1 = max(y1, p.y)
    }
    let step = 4
    for x in stride(from: rect.minX, through: rect.maxX, by: step) {
      visit(Double(x), Double(rect.minY))
      visit(Double(x), Double(rect.maxY))
    }
    for y in stride(from: rect.minY, through: rect.maxY, by: step) {
      visit(Double(rect.minX), Double(y))
      visit(Double(rect.maxX), Double(y))
    }
    visit(Double(rect.maxX), Double(rect.maxY))
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return .infinite }
    return Rect.covering(minX: x0, minY: y0, maxX: x1, maxY: y1).insetBy(
      dx: -2 * step, dy: -2 * step)
  }
}
