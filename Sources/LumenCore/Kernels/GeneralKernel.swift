/// A kernel that reads a neighbourhood of its inputs (blurs, convolutions, resampling).
///
/// It declares which input region each output rectangle needs; the renderer evaluates the inputs
/// over those regions (materialising intermediates only where the regions overlap between
/// tiles) and hands them over as ``Tile``s of premultiplied colour in the kernel's encoding.
public protocol GeneralKernel: Sendable {
  var transfer: Transfer { get }

  /// The output extent for inputs of the given extents.
  func extent(forInputExtents extents: [Rect]) -> Rect

  /// The region of input `index` needed to compute `rect`.
  func regionOfInterest(for rect: Rect, input index: Int) -> Rect

  /// Whether the output stays opaque when all inputs are opaque.
  var preservesOpacity: Bool { get }

  /// Whether `apply` may be handed its output tile as one of its inputs: the kernel reads an
  /// input whose region of interest is the output's region only at the pixel it writes, and
  /// before writing it. Then the first such input that is computed, not held in memory, is
  /// computed straight into the output.
  var runsInPlace: Bool { get }

  /// True when the kernel surely leaves every pixel of `rect` (inside its extent)
  /// transparent, whatever its inputs: a drawing that knows where it draws says so, and blends
  /// skip the rest. False (the default) when unsure.
  func isClear(in rect: Rect) -> Bool

  /// Computes `output` over `output.rect` from inputs covering their regions of interest (an
  /// input whose region of interest is empty arrives as an empty tile).
  func apply(inputs: [Tile], output: Tile)
}

extension GeneralKernel {
  public var transfer: Transfer { .linear }
  public var preservesOpacity: Bool { true }
  public var runsInPlace: Bool { false }
  public func isClear(in rect: Rect) -> Bool { false }
}
