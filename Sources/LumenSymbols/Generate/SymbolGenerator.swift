/// Draws the three masters from one centre-line design: every stroked shape outlined at each
/// master's width, its corners between lines rounded with the master's radius (or, where the
/// shape says `data-corner-radius`, that radius scaled as Regular's is to the master's);
/// filled shapes drawn alike in every master. All outlines are planned for the widest stroke,
/// so the masters interpolate by construction.
public enum SymbolGenerator {
  public static func masters(
    of design: SVGDrawing, file: String, strokes: MasterStrokes = .designers
  ) throws(SymbolError) -> [Master] {
    guard design.shapes.contains(where: { $0.stroke != nil }) else {
      throw .masters("\(file): nothing is stroked: a design is drawn as centre lines with a stroke")
    }
    let widest = strokes.widths.max() ?? 0
    return Master.Weight.allCases.enumerated().map { index, weight in
      let contours = design.shapes.flatMap { shape -> [Contour] in
        let filled = shape.fill != nil ? shape.contours : []
        guard var style = shape.stroke else { return filled }
        style.width = strokes.widths[index]
        let radius =
          shape.cornerRadius.map {
            strokes.radii[1] > 0 ? $0 * strokes.radii[index] / strokes.radii[1] : 0
          } ?? strokes.radii[index]
        return filled
          + shape.contours.flatMap {
            StrokeOutliner.outline($0, style: style, cornerRadius: radius, planWidth: widest)
          }
      }
      return Master(weight: weight, file: file, contours: contours, width: design.width)
    }
  }
}
