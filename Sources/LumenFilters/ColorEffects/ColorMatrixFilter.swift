import LumenCore

/// A colour matrix, as `CIColorMatrix`: each output channel is a row vector dotted with the
/// input `(r, g, b, a)` plus a bias: `r' = rVector · c + biasVector.x`, and so on.
///
/// Applied to sRGB-encoded values with straight alpha, like the 8-bit channel mixers of
/// ImageMagick (`-color-matrix`), libvips (`recomb`) and Pillow (`convert` with a matrix), so
/// that a matrix copied from those tools gives the same result. (Core Image applies it in its
/// linear working space.) Fuses with the other matrix filters.
public struct ColorMatrixFilter: Filter {
  public static let descriptor = FilterDescriptor(
    name: "colorMatrix", displayName: "Color Matrix", folder: .colorEffects,
    summary: "out = M * (r, g, b, a) + bias on sRGB-encoded values (CIColorMatrix layout).",
    parameters: [
      .vector(
        "rVector", "Red", default: [1, 0, 0, 0], identity: [1, 0, 0, 0],
        doc: "Weights of (r, g, b, a) in the output red."),
      .vector(
        "gVector", "Green", default: [0, 1, 0, 0], identity: [0, 1, 0, 0],
        doc: "Weights of (r, g, b, a) in the output green."),
      .vector(
        "bVector", "Blue", default: [0, 0, 1, 0], identity: [0, 0, 1, 0],
        doc: "Weights of (r, g, b, a) in the output blue."),
      .vector(
        "aVector", "Alpha", default: [0, 0, 0, 1], identity: [0, 0, 0, 1],
        doc: "Weights of (r, g, b, a) in the output alpha."),
      .vector(
        "biasVector", "Bias", default: [0, 0, 0, 0], identity: [0, 0, 0, 0],
        doc: "Added to (r, g, b, a) after the weights."),
    ])

  /// The matrix (its transfer is ignored: the filter always works on sRGB-encoded values).
  public var matrix: ColorMatrix

  public init(_ matrix: ColorMatrix = .identity) { self.matrix = matrix }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(
      ColorMatrix(
        red: v.vector4("rVector"), green: v.vector4("gVector"), blue: v.vector4("bVector"),
        alpha: v.vector4("aVector"), bias: v.vector4("biasVector")))
  }

  public func apply(to image: Image) -> Image {
    var m = matrix
    m.transfer = .sRGB
    return image.applying(matrix: m)
  }
}
