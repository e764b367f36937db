import LumenCore

/// Mirror the image: `horizontal` swaps left and right, `vertical` top and bottom. Exact (no
/// resampling); the result's extent starts at (0, 0).
public struct Flip: Filter {
  public enum Axis: String, CaseIterable, Sendable {
    case horizontal, vertical
  }

  public static let descriptor = FilterDescriptor(
    name: "flip", displayName: "Flip", folder: .geometry,
    summary: "Mirror left-right (horizontal) or top-bottom (vertical).",
    parameters: [
      .choice(
        "axis", options: Axis.allCases.map(\.rawValue), default: Axis.horizontal.rawValue,
        doc: "horizontal mirrors left-right, vertical top-bottom.")
    ])

  public var axis: Axis

  public init(axis: Axis = .horizontal) { self.axis = axis }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(axis: values.resolved(for: Self.descriptor).choice("axis"))
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    let e = try Geometry.finiteExtent(of: image, filter: Self.descriptor.name)
    let (w, h) = (Double(e.width), Double(e.height))
    let mirror =
      switch axis {
      case .horizontal: AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
      case .vertical: AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
      }
    return image.movedToOrigin().transformed(by: mirror, sampling: .nearest)
  }
}
