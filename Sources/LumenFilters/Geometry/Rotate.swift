import LumenCore

/// Rotate by any angle (degrees, clockwise on screen) about the image's centre. The output is
/// the bounding box of the rotated image (corners outside the original are transparent), at
/// the origin. Quarter turns are exact pixel permutations; other angles sample bilinearly.
public struct Rotate: Filter {
  public static let descriptor = FilterDescriptor(
    name: "rotate", displayName: "Rotate", folder: .geometry,
    summary: "Rotation about the centre, clockwise; the output is the bounding box.",
    parameters: [
      .scalar(
        "angle", range: -360...360, default: 0, identity: 0, unit: "°",
        doc: "Degrees, clockwise; multiples of 90 are exact.")
    ])

  public var angle: Double

  public init(angle: Double = 0) { self.angle = angle }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(angle: values.resolved(for: Self.descriptor).double("angle"))
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    try Self.descriptor.check("angle", angle)
    let e = try Geometry.finiteExtent(of: image, filter: Self.descriptor.name)
    let (c, s) = Geometry.cosSin(degrees: angle)
    // Half the bounding box: the rotated centre goes there, so the box starts at (0, 0).
    let halfWidth = (abs(c) * Double(e.width) + abs(s) * Double(e.height)) / 2
    let halfHeight = (abs(s) * Double(e.width) + abs(c) * Double(e.height)) / 2
    let transform = Geometry.rotation(
      of: e, cos: c, sin: s, centre: Point(x: halfWidth, y: halfHeight))
    let exact = c == 0 || s == 0
    return image.transformed(by: transform, sampling: exact ? .nearest : .bilinear)
  }
}
