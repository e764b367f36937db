import LumenCore

/// Resize to `width` x `height` pixels with Lanczos-3 (sharp; the default), bilinear or box
/// (area average) filtering. A size of 0 keeps the aspect ratio from the other one (rounded,
/// at least 1 pixel); both 0 keep the image. Filters sRGB-encoded values with pixel-centre
/// alignment and antialiasing when shrinking, as Pillow's `resize` (see `Image.resized`).
public struct Resize: Filter {
  public static let descriptor = FilterDescriptor(
    name: "resize", displayName: "Resize", folder: .geometry,
    summary: "Resample to width x height (0 keeps the aspect ratio) with lanczos3 or bilinear.",
    parameters: [
      .integer(
        "width", range: 0...Self.limit, default: 0, identity: 0, unit: "px",
        doc: "Output width; 0 = from the height and the aspect ratio."),
      .integer(
        "height", range: 0...Self.limit, default: 0, identity: 0, unit: "px",
        doc: "Output height; 0 = from the width and the aspect ratio."),
      .choice(
        "filter", options: ResamplingFilter.allCases.map(\.rawValue),
        default: ResamplingFilter.lanczos3.rawValue,
        doc: "lanczos3 (sharp, slight ringing), bilinear (soft) or box (area average)."),
    ])

  static let limit = 100_000

  public var width: Int
  public var height: Int
  public var filter: ResamplingFilter

  public init(width: Int = 0, height: Int = 0, filter: ResamplingFilter = .lanczos3) {
    self.width = width
    self.height = height
    self.filter = filter
  }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(width: v.int("width"), height: v.int("height"), filter: v.choice("filter"))
  }

  /// The output size for an input of `w` x `h` pixels.
  public func outputSize(width w: Int, height h: Int) throws(FilterError) -> (
    width: Int, height: Int
  ) {
    try Self.descriptor.check("width", Double(width))
    try Self.descriptor.check("height", Double(height))
    func scaled(_ v: Int, _ num: Int, _ den: Int) -> Int {
      max(1, Int((Double(v) * Double(num) / Double(den)).rounded()))
    }
    switch (width, height) {
    case (0, 0): return (w, h)
    case (0, _): return (scaled(w, height, h), height)
    case (_, 0): return (width, scaled(h, width, w))
    default: return (width, height)
    }
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    let e = try Geometry.finiteExtent(of: image, filter: Self.descriptor.name)
    let (w, h) = try outputSize(width: e.width, height: e.height)
    guard w <= Self.limit, h <= Self.limit else {
      throw .invalidGeometry(
        filter: Self.descriptor.name, reason: "the output \(w)x\(h) exceeds \(Self.limit) px a side"
      )
    }
    return image.resized(width: w, height: h, filter: filter)
  }
}
