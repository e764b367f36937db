import Foundation

/// One weight of a symbol as drawn: its paths in order.
public struct Master: Hashable, Sendable {
  /// The three masters of a variable symbol, as the symbols app names them.
  public enum Weight: String, CaseIterable, Sendable {
    case ultralight = "Ultralight"
    case regular = "Regular"
    case black = "Black"

    /// The template group the master is drawn in.
    public var groupID: String { "\(rawValue)-S" }
  }

  public var weight: Weight
  /// The file it was read from.
  public var file: String
  public var contours: [Contour]

  public init(weight: Weight, file: String, contours: [Contour]) {
    self.weight = weight
    self.file = file
    self.contours = contours
  }

  /// The masters in `files`: three files (Ultralight, Regular, Black, in that order) or one
  /// symbol template whose `Ultralight-S`, `Regular-S` and `Black-S` groups hold them.
  public static func read(_ files: [URL]) throws(SymbolError) -> [Master] {
    switch files.count {
    case 1:
      let shapes = try SVGReader.shapes(in: files[0])
      return try Weight.allCases.map { weight throws(SymbolError) in
        let drawn = shapes.filter { $0.master == weight.groupID }
        guard !drawn.isEmpty else {
          throw .masters(
            "\(files[0].path): no \(weight.groupID) group (a symbol template has Ultralight-S, "
              + "Regular-S and Black-S; or give three files)")
        }
        return Master(weight: weight, file: files[0].path, contours: drawn.flatMap(\.contours))
      }
    case 3:
      return try zip(Weight.allCases, files).map { weight, file throws(SymbolError) in
        Master(
          weight: weight, file: file.path,
          contours: try SVGReader.shapes(in: file).flatMap(\.contours))
      }
    default:
      throw .masters(
        "give three masters (Ultralight, Regular, Black) or one symbol template, not \(files.count) files"
      )
    }
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
