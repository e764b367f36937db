/// A sheet of a symbol's weights side by side: the masters and, when they interpolate, the
/// weights between (0, 0.25, 0.5, 0.75, 1), each with its nodes marked, every path's first
/// node circled and its second node marked to show the direction.
public struct PreviewSheet {
  /// The weights drawn and their labels.
  public let columns: [(label: String, master: Master)]
  /// Pixels a unit.
  public let scale: Double

  public static let background: SIMD4<UInt8> = [255, 255, 255, 255]
  static let cell: SIMD4<UInt8> = [240, 240, 240, 255]
  static let ink: SIMD4<UInt8> = [40, 40, 40, 255]
  static let node: SIMD4<UInt8> = [40, 120, 255, 255]
  static let first: SIMD4<UInt8> = [230, 40, 40, 255]
  static let second: SIMD4<UInt8> = [255, 160, 0, 255]
  /// Room around each drawing, in units, and under each for its label, in pixels.
  static let padding = 4.0
  public static let labelHeight = 16

  /// The masters' columns, and the weights between when the three of them interpolate.
  public init(masters: [Master], scale: Double) {
    self.scale = scale
    let names = Master.Weight.allCases.map(\.rawValue)
    guard Compatibility(masters: masters).isInterpolatable else {
      columns = zip(names, masters).map { ($0, $1) }
      return
    }
    // Checked once: each weight is then a plain mix.
    columns = [0, 0.25, 0.5, 0.75, 1].map { weight in
      let label = [0: names[0], 0.5: names[1], 1: names[2]][weight] ?? "\(weight)"
      return (label, Interpolation.mixed(at: weight, of: masters))
    }
  }

  /// The units every cell shows: the artboard (from the origin, at least 32 tall) and every
  /// drawing, padded.
  private var frame: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let bounds = columns.map { $0.master.bounds }
    return (
      min(0, bounds.map(\.minX).min() ?? 0) - Self.padding,
      min(0, bounds.map(\.minY).min() ?? 0) - Self.padding,
      max(Artboard.height, bounds.map(\.maxX).max() ?? 0) + Self.padding,
      max(Artboard.height, bounds.map(\.maxY).max() ?? 0) + Self.padding
    )
  }

  /// Each cell's size in pixels (a side past ``SymbolLimits/renderSide``, or not a number, is
  /// one more, which the canvas refuses).
  public var cellSize: (width: Int, height: Int) {
    let f = frame
    func pixels(_ units: Double) -> Int {
      guard let side = Int(exactly: (units * scale).rounded(.up)),
        side <= SymbolLimits.renderSide
      else { return SymbolLimits.renderSide + 1 }
      return side
    }
    return (pixels(f.maxX - f.minX), pixels(f.maxY - f.minY))
  }

  static let gap = 8

  /// Where each label goes: its text and top-left pixel.
  public var labels: [(text: String, x: Int, y: Int)] {
    columns.indices.map { index in
      (
        columns[index].label, Self.gap + index * (cellSize.width + Self.gap),
        Self.gap + cellSize.height + 4
      )
    }
  }

  /// The sheet, labels not drawn (see ``labels``).
  public func render() throws(SymbolError) -> SymbolCanvas {
    let (cellWidth, cellHeight) = cellSize
    var canvas = try SymbolCanvas(
      width: Self.gap + columns.count * (cellWidth + Self.gap),
      height: 2 * Self.gap + cellHeight + Self.labelHeight, background: Self.background)
    let f = frame
    let markSize = max(1.5, min(4, scale / 2))
    for (index, column) in columns.enumerated() {
      let left = Double(Self.gap + index * (cellWidth + Self.gap))
      try canvas.fill(
        [
          Shapes.rectangle(
            x: left, y: Double(Self.gap), width: Double(cellWidth), height: Double(cellHeight),
            rx: nil, ry: nil)
        ]
        .compactMap { $0 }, color: Self.cell)
      let place = PathTransform(
        a: scale, d: scale, e: left - f.minX * scale, f: Double(Self.gap) - f.minY * scale)
      let contours = column.master.contours
      try canvas.fill(contours, color: Self.ink, transform: place)
      func marks(_ points: [PathPoint], size: Double, round: Bool) -> [Contour] {
        points.map(place.apply).compactMap { p in
          round
            ? Shapes.ellipse(cx: p.x, cy: p.y, rx: size, ry: size)
            : Shapes.rectangle(
              x: p.x - size / 2, y: p.y - size / 2, width: size, height: size, rx: nil, ry: nil)
        }
      }
      try canvas.fill(
        marks(contours.flatMap(\.nodes), size: markSize, round: false), color: Self.node)
      try canvas.fill(
        marks(
          contours.compactMap { $0.nodes.dropFirst().first }, size: markSize * 1.5, round: false),
        color: Self.second)
      try canvas.fill(marks(contours.map(\.start), size: markSize, round: true), color: Self.first)
    }
    return canvas
  }
}
