import LumenCore

/// Crop to a rectangle given in pixels from the top-left corner of the image. A width or height
/// of 0 means "to the right / bottom edge", so the defaults keep the whole image. The rectangle
/// must lie inside the image; the result's extent starts at (0, 0). No resampling.
public struct Crop: Filter {
  public static let descriptor = FilterDescriptor(
    name: "pixelCrop", displayName: "Pixel Crop", folder: .geometry,
    summary: "Keeps the rectangle x, y, width, height (pixels from the top-left corner).",
    parameters: [
      .integer("x", range: 0...Self.limit, default: 0, identity: 0, unit: "px", doc: "Left edge."),
      .integer("y", range: 0...Self.limit, default: 0, identity: 0, unit: "px", doc: "Top edge."),
      .integer(
        "width", range: 0...Self.limit, default: 0, identity: 0, unit: "px",
        doc: "Width; 0 = up to the right edge."),
      .integer(
        "height", range: 0...Self.limit, default: 0, identity: 0, unit: "px",
        doc: "Height; 0 = down to the bottom edge."),
    ])

  /// The largest coordinate or size accepted (no image is a million pixels on a side yet).
  static let limit = 1_000_000

  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int = 0, y: Int = 0, width: Int = 0, height: Int = 0) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(x: v.int("x"), y: v.int("y"), width: v.int("width"), height: v.int("height"))
  }

  /// The rectangle in the coordinates of an image of extent `e`.
  public func rect(in e: Rect) throws(FilterError) -> Rect {
    let name = Self.descriptor.name
    for (key, v) in [("x", x), ("y", y), ("width", width), ("height", height)] {
      try Self.descriptor.check(key, Double(v))
    }
    let w = width == 0 ? e.width - x : width
    let h = height == 0 ? e.height - y : height
    guard w > 0, h > 0, x + w <= e.width, y + h <= e.height else {
      throw .invalidGeometry(
        filter: name,
        reason: "the rectangle x=\(x) y=\(y) width=\(width) height=\(height) does not fit inside "
          + "the \(e.width)x\(e.height) image")
    }
    return Rect(x: e.minX + x, y: e.minY + y, width: w, height: h)
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    let e = try Geometry.finiteExtent(of: image, filter: Self.descriptor.name)
    return image.cropped(to: try rect(in: e)).movedToOrigin()
  }
}
