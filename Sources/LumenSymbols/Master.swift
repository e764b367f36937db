import Foundation

/// One weight of a symbol as drawn: its paths in order, on an artboard of its width.
public struct Master: Hashable, Sendable {
  /// The three masters of a variable symbol, as the symbols app names them.
  public enum Weight: String, CaseIterable, Sendable {
    case ultralight = "Ultralight"
    case regular = "Regular"
    case black = "Black"

    /// The template group the master is drawn in.
    public var groupID: String { "\(rawValue)-S" }
    /// The template's guides at the master's sides.
    var marginIDs: (left: String, right: String) {
      ("left-margin-\(groupID)", "right-margin-\(groupID)")
    }
  }

  public var weight: Weight
  /// The file it was read from.
  public var file: String
  public var contours: [Contour]
  /// The artboard's width (its height is ``Artboard/height``).
  public var width: Double

  public init(weight: Weight, file: String, contours: [Contour], width: Double = Artboard.height) {
    self.weight = weight
    self.file = file
    self.contours = contours
    self.width = width
  }

  /// The masters in `files`: three files (Ultralight, Regular, Black, in that order) or one
  /// symbol template whose `Ultralight-S`, `Regular-S` and `Black-S` groups hold them. In a
  /// template with margin guides (as ``TemplateExport`` writes), each master is moved onto
  /// its own artboard: its left margin at 0, the baseline at ``Artboard/baseline``.
  public static func read(_ files: [URL]) throws(SymbolError) -> [Master] {
    switch files.count {
    case 1:
      let drawing = try SVGReader.drawing(in: files[0])
      return try Weight.allCases.map { weight throws(SymbolError) in
        let drawn = drawing.shapes.filter { $0.master == weight.groupID }
        guard !drawn.isEmpty else {
          throw .masters(
            "\(files[0].path): no \(weight.groupID) group (a symbol template has Ultralight-S, "
              + "Regular-S and Black-S; or give three files)")
        }
        let master = Master(
          weight: weight, file: files[0].path, contours: drawn.flatMap(\.contours),
          width: drawing.width)
        return master.placed(by: drawing)
      }
    case 3:
      return try zip(Weight.allCases, files).map { weight, file throws(SymbolError) in
        let drawing = try SVGReader.drawing(in: file)
        return Master(
          weight: weight, file: file.path, contours: drawing.shapes.flatMap(\.contours),
          width: drawing.width)
      }
    default:
      throw .masters(
        "give three masters (Ultralight, Regular, Black) or one symbol template, not \(files.count) files"
      )
    }
  }

  /// The master moved onto its artboard by the template's guides, when it has them.
  private func placed(by template: SVGDrawing) -> Master {
    func guide(_ id: String) -> Contour? { template.shapes.first { $0.id == id }?.contours.first }
    let (leftID, rightID) = weight.marginIDs
    guard let left = guide(leftID)?.start.x, let right = guide(rightID)?.start.x, right > left,
      let baseline = guide("Baseline-S")?.start.y
    else { return self }
    var master = self
    master.width = right - left
    let move = PathTransform(e: -left, f: Artboard.baseline - baseline)
    master.contours = contours.map { $0.applying(move) }
    return master
  }

  /// The drawing's bounds across its paths.
  public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let all = contours.map(\.bounds)
    return (
      all.map(\.minX).min() ?? 0, all.map(\.minY).min() ?? 0, all.map(\.maxX).max() ?? 0,
      all.map(\.maxY).max() ?? 0
    )
  }
}

/// The artboard symbols are drawn on: 32 units tall, any width; the capline 4 units from its
/// top, the baseline 4 from its bottom (drawings may reach beyond both, as round shapes do).
public enum Artboard {
  public static let height = 32.0
  public static let capline = 4.0
  public static let baseline = 28.0
}
