import Foundation
import LumenCore

/// Why symbols cannot be read, as one line.
public enum SymbolError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file cannot be read at all (missing, not a regular file, too large).
  case unreadable(String)
  /// The SVG or its path data is malformed, or forged (absurd numbers, too many nodes).
  case malformed(String)
  /// The input does not hold three masters.
  case masters(String)

  /// One bounded line, whatever the file held.
  public var description: String {
    switch self {
    case .unreadable(let problem), .malformed(let problem), .masters(let problem):
      EchoedText.line(problem)
    }
  }
}

/// What a symbol file may hold: far more than any symbol, far less than a forged file asks.
public enum SymbolLimits {
  /// Symbol files are a few kilobytes.
  public static let fileSize = 8 << 20
  /// Coordinates beyond this are forged: a symbol is a few hundred units across.
  public static let coordinate = 1e7
  /// Points beyond this once transforms apply are refused too.
  public static let placed = 1e9
  /// Groups nested deeper than this are refused.
  public static let depth = 64
  /// Shapes in one file.
  public static let shapes = 10_000
  /// Stroke widths and corner radii: a symbol's are a few units.
  public static let strokeWidth = 10_000.0
  /// A rendered picture's side and pixel count (a preview of a symbol is a few hundred pixels).
  public static let renderSide = 16_384
  public static let renderPixels = 32 << 20
  /// All of a picture's fills together may read this many times its pixels (each fill its
  /// shape's bounds): a symbol's shapes overlap a few times, not thousands.
  public static let renderLayers = 64
}
