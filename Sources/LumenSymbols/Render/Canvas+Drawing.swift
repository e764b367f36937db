extension SymbolCanvas {
  /// A canvas with `drawing` painted in black on transparent at `scale` pixels a unit, as
  /// an SVG renderer draws it: fills by their rule, strokes outlined with their caps and joins.
  public init(rendering drawing: SVGDrawing, scale: Double) throws(SymbolError) {
    let width = (drawing.width * scale).rounded()
    let height = (drawing.height * scale).rounded()
    guard width.isFinite, height.isFinite, width >= 1, height >= 1,
      width <= Double(SymbolLimits.renderSide), height <= Double(SymbolLimits.renderSide)
    else {
      throw .masters(
        "\(drawing.width) x \(drawing.height) at \(scale)x is no picture of at most "
          + "\(SymbolLimits.renderSide) pixels a side")
    }
    try self.init(width: Int(width), height: Int(height))
    try draw(drawing.shapes, color: [0, 0, 0, 255], transform: PathTransform(a: scale, d: scale))
  }

  /// Paints `shapes` in `color`: each one's fill, then its stroke.
  public mutating func draw(
    _ shapes: [SymbolShape], color: SIMD4<UInt8>, transform: PathTransform = .identity
  ) throws(SymbolError) {
    for shape in shapes {
      if let rule = shape.fill {
        try fill(shape.contours, rule: rule, color: color, transform: transform)
      }
      if let stroke = shape.stroke {
        try fill(
          shape.contours.flatMap { StrokeOutliner.outline($0, style: stroke) }, color: color,
          transform: transform)
      }
    }
  }
}
