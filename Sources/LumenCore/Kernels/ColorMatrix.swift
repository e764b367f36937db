/// An affine map of colour: out = M * (r, g, b, a) + bias, like `CIColorMatrix`.
///
/// Saturation, channel mixing, tints and sepia are all colour matrices; the renderer multiplies
/// adjacent matrices into one, so a chain of them costs one matrix per pixel.
public struct ColorMatrix: ColorKernel, Hashable {
  /// Rows of the 4x4 matrix: the weights of (r, g, b, a) in each output channel.
  public var red: SIMD4<Float>
  public var green: SIMD4<Float>
  public var blue: SIMD4<Float>
  public var alpha: SIMD4<Float>
  public var bias: SIMD4<Float>
  public var transfer: Transfer

  public init(
    red: SIMD4<Float> = [1, 0, 0, 0], green: SIMD4<Float> = [0, 1, 0, 0],
    blue: SIMD4<Float> = [0, 0, 1, 0], alpha: SIMD4<Float> = [0, 0, 0, 1],
    bias: SIMD4<Float> = [0, 0, 0, 0], transfer: Transfer = .linear
  ) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.bias = bias
    self.transfer = transfer
  }

  public static let identity = ColorMatrix()

  /// True when the matrix maps every colour to itself (whatever its transfer).
  public var isIdentity: Bool {
    red == [1, 0, 0, 0] && green == [0, 1, 0, 0] && blue == [0, 0, 1, 0] && alpha == [0, 0, 0, 1]
      && bias == .zero
  }

  /// True when alpha passes through unchanged, so opaque images stay opaque.
  public var preservesAlpha: Bool { alpha == [0, 0, 0, 1] && bias.w == 0 }

  /// `self` followed by `next` as one matrix.
  public func followed(by next: ColorMatrix) -> ColorMatrix {
    let rows = [red, green, blue, alpha]
    func combine(_ row: SIMD4<Float>) -> SIMD4<Float> {
      rows[0] * row.x + rows[1] * row.y + rows[2] * row.z + rows[3] * row.w
    }
    func offset(_ row: SIMD4<Float>) -> Float { (row * bias).sum() }
    return ColorMatrix(
      red: combine(next.red), green: combine(next.green), blue: combine(next.blue),
      alpha: combine(next.alpha),
      bias: SIMD4(offset(next.red), offset(next.green), offset(next.blue), offset(next.alpha))
        + next.bias,
      transfer: transfer)
  }

  public var isCheap: Bool { true }

  public func apply(_ c: RGBA) -> RGBA {
    let v = SIMD4<Float>(c.red, c.green, c.blue, c.alpha)
    return RGBA(
      red: (red * v).sum() + bias.x, green: (green * v).sum() + bias.y,
      blue: (blue * v).sum() + bias.z, alpha: (alpha * v).sum() + bias.w)
  }

  public func apply(to s: PixelSpan) {
    let (r0, r1, r2, r3, r4) = (red.x, red.y, red.z, red.w, bias.x)
    let (g0, g1, g2, g3, g4) = (green.x, green.y, green.z, green.w, bias.y)
    let (b0, b1, b2, b3, b4) = (blue.x, blue.y, blue.z, blue.w, bias.z)
    let (a0, a1, a2, a3, a4) = (alpha.x, alpha.y, alpha.z, alpha.w, bias.w)
    let alphaChanges = !preservesAlpha
    for i in 0..<s.count {
      let (r, g, b, a) = (s.red[i], s.green[i], s.blue[i], s.alpha[i])
      s.red[i] = r0 * r + r1 * g + r2 * b + r3 * a + r4
      s.green[i] = g0 * r + g1 * g + g2 * b + g3 * a + g4
      s.blue[i] = b0 * r + b1 * g + b2 * b + b3 * a + b4
      if alphaChanges { s.alpha[i] = a0 * r + a1 * g + a2 * b + a3 * a + a4 }
    }
  }
}
