import LumenCore

/// Straighten a tilted horizon: rotate by `angle` degrees (clockwise) about the centre and crop
/// to the largest centred rectangle with the image's aspect ratio that the rotated image covers
/// completely, so no transparent corner shows. The output is smaller than the input (no
/// upscaling), at the origin.
///
/// For a W x H image rotated by θ, a centred rectangle sW x sH fits when its corners, rotated
/// back, stay inside the original: `sW |cos θ| + sH |sin θ| <= W` and
/// `sW |sin θ| + sH |cos θ| <= H`, so
///
///     s = min(W / (W |cos θ| + H |sin θ|), H / (W |sin θ| + H |cos θ|))
///
/// The size is then rounded down to whole pixels and shrunk until every output pixel centre,
/// mapped back, has all four bilinear neighbours inside the original (the same inequalities on
/// pixel-centre spans `W - 1`, `H - 1`), which is what guarantees fully opaque corners.
public struct Straighten: Filter {
  public static let descriptor = FilterDescriptor(
    name: "straighten", displayName: "Straighten", folder: .geometry,
    summary: "Rotate about the centre and crop to the largest same-aspect rectangle inside.",
    parameters: [
      .scalar(
        "angle", range: -45...45, default: 0, identity: 0, unit: "°",
        doc: "Degrees, clockwise; the crop grows tighter as the angle grows.")
    ])

  public var angle: Double

  public init(angle: Double = 0) { self.angle = angle }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(angle: values.resolved(for: Self.descriptor).double("angle"))
  }

  /// The output size for an input of `width` x `height` pixels.
  public func outputSize(width: Int, height: Int) throws(FilterError) -> (width: Int, height: Int) {
    try Self.descriptor.check("angle", angle)
    let (c, s) = Geometry.cosSin(degrees: angle)
    let (ac, as_) = (abs(c), abs(s))
    let (W, H) = (Double(width), Double(height))
    func fits(_ w: Int, _ h: Int) -> Bool {
      let a = Double(w - 1) / 2
      let b = Double(h - 1) / 2
      return a * ac + b * as_ <= (W - 1) / 2 + 1e-9 && a * as_ + b * ac <= (H - 1) / 2 + 1e-9
    }
    var scale = min(W / (W * ac + H * as_), H / (W * as_ + H * ac))
    while true {
      let w = max(1, Int(scale * W))
      let h = max(1, Int(scale * H))
      if fits(w, h) || (w == 1 && h == 1) { return (w, h) }
      scale -= 0.5 / max(W, H)
    }
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    try Self.descriptor.check("angle", angle)
    let e = try Geometry.finiteExtent(of: image, filter: Self.descriptor.name)
    if angle == 0 { return image.movedToOrigin() }
    let (w, h) = try outputSize(width: e.width, height: e.height)
    let (c, s) = Geometry.cosSin(degrees: angle)
    let transform = Geometry.rotation(
      of: e, cos: c, sin: s, centre: Point(x: Double(w) / 2, y: Double(h) / 2))
    return image.transformed(by: transform, sampling: .bilinear)
      .cropped(to: Rect(width: w, height: h))
  }
}
