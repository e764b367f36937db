import LumenCore

/// Pixellate, like `CIPixellate`: the image divided into `scale` x `scale` blocks, anchored at
/// the top-left corner of its extent, each filled with its average colour. Blocks cut by the
/// right or bottom edge average only the pixels inside the image.
///
/// Averages premultiplied sRGB-encoded values, as the box filters of libvips and Pillow do, so
/// a pixellated image matches a box-downscaled one scaled back up with nearest neighbour.
public struct Pixellate: Filter {
  public static let descriptor = FilterDescriptor(
    name: "pixellate", displayName: "Pixellate", folder: .stylize,
    summary: "Average colour of scale x scale blocks anchored at the top-left corner.",
    parameters: [
      .integer(
        "scale", range: 1...500, default: 8, identity: 1, unit: "px",
        doc: "Block size in pixels.")
    ])

  public var scale: Int

  public init(scale: Int = 8) { self.scale = scale }

  public init(_ values: ParameterValues) throws(FilterError) {
    try self.init(scale: values.resolved(for: Self.descriptor).int("scale"))
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    try Self.descriptor.check("scale", Double(scale))
    if scale == 1 || image.extent.isEmpty { return image }
    guard !image.extent.isInfinite else {
      throw .invalidGeometry(filter: Self.descriptor.name, reason: "the image has no finite extent")
    }
    return image.applying(Kernel(scale: scale, bounds: image.extent))
  }

  struct Kernel: GeneralKernel {
    let scale: Int
    let bounds: Rect
    var transfer: Transfer { .sRGB }

    func extent(forInputExtents extents: [Rect]) -> Rect { bounds }

    /// `rect` grown outwards to whole blocks, inside the image.
    func regionOfInterest(for rect: Rect, input index: Int) -> Rect {
      let x0 = snap(rect.minX, bounds.minX)
      let y0 = snap(rect.minY, bounds.minY)
      let x1 = snap(rect.maxX + scale - 1, bounds.minX)
      let y1 = snap(rect.maxY + scale - 1, bounds.minY)
      return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(bounds)
    }

    /// The start of the block containing `v` (blocks start at `origin`).
    private func snap(_ v: Int, _ origin: Int) -> Int {
      let offset = v - origin
      let block = offset >= 0 ? offset / scale : -((-offset + scale - 1) / scale)
      return origin + block * scale
    }

    func apply(inputs: [Tile], output: Tile) {
      let input = inputs[0]
      let out = output.rect
      for by in stride(from: snap(out.minY, bounds.minY), to: out.maxY, by: scale) {
        for bx in stride(from: snap(out.minX, bounds.minX), to: out.maxX, by: scale) {
          let block = Rect(x: bx, y: by, width: scale, height: scale).intersection(bounds)
          let mean = average(input, block)
          let target = block.intersection(out)
          for y in target.minY..<target.maxY {
            let row = output.row(y, from: target.minX, count: target.width)
            for (plane, value) in zip(row.planes, mean) {
              plane.update(repeating: value, count: target.width)
            }
          }
        }
      }
    }

    /// The mean premultiplied colour over `block` (rows summed in Float, totals in Double).
    private func average(_ input: Tile, _ block: Rect) -> [Float] {
      var totals: [Double] = [0, 0, 0, 0]
      for y in block.minY..<block.maxY {
        let row = input.row(y, from: block.minX, count: block.width)
        for (c, plane) in row.planes.enumerated() {
          var sum: Float = 0
          for i in 0..<block.width { sum += plane[i] }
          totals[c] += Double(sum)
        }
      }
      let n = Double(block.area)
      return totals.map { Float($0 / n) }
    }
  }
}
