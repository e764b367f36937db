/// The stroke width and corner radius each master is drawn with, from one centre-line design.
/// The default is the designers' table for a 32 px artboard: Ultralight 0.8 px / 2.5 px,
/// Regular 2.45 / 3, Black 4.95 / 3.5.
public struct MasterStrokes: Hashable, Sendable {
  /// Ultralight's, Regular's and Black's, in that order.
  public let widths: [Double]
  public let radii: [Double]

  public static let designers = MasterStrokes(unchecked: [0.8, 2.45, 4.95], [2.5, 3, 3.5])

  /// Three positive widths, and three radii all zero (sharp corners, joined as the design
  /// says) or all positive: a corner rounded in one master only would add nodes to it.
  public init(widths: [Double], radii: [Double]) throws(SymbolError) {
    guard widths.count == 3, radii.count == 3 else {
      throw .masters("give three widths and three radii (Ultralight, Regular, Black)")
    }
    guard widths.allSatisfy({ $0 > 0 && $0 <= SymbolLimits.strokeWidth }) else {
      throw .masters("stroke widths lie in (0, \(Int(SymbolLimits.strokeWidth))], not \(widths)")
    }
    guard radii.allSatisfy({ $0 >= 0 && $0 <= SymbolLimits.strokeWidth }),
      radii.allSatisfy({ $0 == 0 }) || radii.allSatisfy({ $0 > 0 })
    else {
      throw .masters(
        "corner radii are all 0 or all positive (up to \(Int(SymbolLimits.strokeWidth))), not \(radii)"
      )
    }
    self.init(unchecked: widths, radii)
  }

  private init(unchecked widths: [Double], _ radii: [Double]) {
    self.widths = widths
    self.radii = radii
  }
}
