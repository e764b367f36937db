/// A 3-D colour lookup table: `size`^3 RGB entries on a regular grid over
/// `domainMin...domainMax` of each channel, red varying fastest (the order of `.cube` files).
///
/// Cubes hold looks ("response" filters): they are applied to sRGB-encoded colour, as the
/// products that made them popular do.
public struct ColorCube: Sendable, Hashable {
  public let size: Int
  /// `3 * size^3` values; entry (r, g, b) starts at `3 * (r + size * (g + size * b))`.
  public let values: [Float]
  public let domainMin: SIMD3<Float>
  public let domainMax: SIMD3<Float>

  /// A cube from its values, or nil when their count is not `3 * size^3`, `size` is below 2,
  /// a value is not finite, or the domain is empty.
  public init?(
    size: Int, values: [Float], domainMin: SIMD3<Float> = .zero, domainMax: SIMD3<Float> = .one
  ) {
    guard size >= 2, size <= 256, values.count == 3 * size * size * size,
      values.allSatisfy(\.isFinite), all(domainMax .> domainMin)
    else { return nil }
    self.size = size
    self.values = values
    self.domainMin = domainMin
    self.domainMax = domainMax
  }

  /// The cube of `transform` sampled at every grid point (colours in 0...1).
  public init(size: Int, sampling transform: (RGBA) -> RGBA) {
    let n = max(2, size)
    var values: [Float] = []
    values.reserveCapacity(3 * n * n * n)
    let step = 1 / Float(n - 1)
    for b in 0..<n {
      for g in 0..<n {
        for r in 0..<n {
          let c = transform(
            RGBA(red: Float(r) * step, green: Float(g) * step, blue: Float(b) * step))
          values += [c.red, c.green, c.blue]
        }
      }
    }
    self.size = n
    self.values = values
    self.domainMin = .zero
    self.domainMax = .one
  }

  /// The cube that maps every colour to itself.
  public static func identity(size: Int) -> ColorCube { ColorCube(size: size) { $0 } }

  /// The entry at grid point (r, g, b).
  public func entry(_ r: Int, _ g: Int, _ b: Int) -> SIMD3<Float> {
    let i = 3 * (r + size * (g + size * b))
    return SIMD3(values[i], values[i + 1], values[i + 2])
  }
}

/// How a cube is read between its grid points.
public enum CubeInterpolation: String, Sendable, CaseIterable {
  /// Weighted mean of the 8 corners of the cell (Adobe, Pillow).
  case trilinear
  /// Weighted mean of the 4 corners of the tetrahedron holding the colour (Resolve, ffmpeg,
  /// OpenColorIO's best): keeps the grey axis exactly on the cube's greys.
  case tetrahedral
}

/// Applies a ``ColorCube`` to sRGB-encoded colour, mixed with the original by `intensity`
/// (0 = unchanged, 1 = the full look), which equals mixing the cube with the identity cube.
/// Colours outside the cube's domain take the nearest edge of the cube.
public struct ColorCubeKernel: ColorKernel {
  public let cube: ColorCube
  public let interpolation: CubeInterpolation
  public let intensity: Float
  /// `grid = colour * scale + offset` puts a colour on the grid (0...size-1), worked out once
  /// rather than per pixel.
  private let scale: SIMD3<Float>
  private let offset: SIMD3<Float>

  public init(
    cube: ColorCube, interpolation: CubeInterpolation = .tetrahedral, intensity: Float = 1
  ) {
    self.cube = cube
    self.interpolation = interpolation
    self.intensity = intensity
    scale = Float(cube.size - 1) / (cube.domainMax - cube.domainMin)
    offset = -cube.domainMin * scale
  }

  public var transfer: Transfer { .sRGB }

  public func apply(_ c: RGBA) -> RGBA {
    var red = c.red
    var green = c.green
    var blue = c.blue
    var alpha = c.alpha
    apply(to: PixelSpan(red: &red, green: &green, blue: &blue, alpha: &alpha, count: 1))
    return RGBA(red: red, green: green, blue: blue, alpha: c.alpha)
  }

  /// One planar loop, branch-free per pixel: the corner offsets and weights come from
  /// comparisons (selects), not from jumps the CPU would mispredict on photos; the test of
  /// `interpolation` is the same for every pixel (and hoisted by the compiler).
  public func apply(to s: PixelSpan) {
    cube.values.withUnsafeBufferPointer { values in
      guard let v = values.baseAddress else { return }
      run(s, v)
    }
  }

  /// A colour's cell: the offset of its lower corner in `values` and its place in the cell.
  private typealias Cell = (corner: Int, fr: Float, fg: Float, fb: Float)

  @inline(__always)
  private func run(_ s: PixelSpan, _ v: UnsafePointer<Float>) {
    let n = cube.size
    let last = Float(n - 1)
    let top = n - 2
    @inline(__always) func grid(_ c: Float, _ k: Int) -> (Int, Float) {
      let x = c * scale[k] + offset[k]
      let low = x > 0 ? x : 0  // also maps NaN to 0; with the next line, maxss and minss
      let clamped = low < last ? low : last
      let i = min(Int(clamped), top)
      return (i, clamped - Float(i))
    }
    let full = intensity == 1
    let tetra = interpolation == .tetrahedral
    for i in 0..<s.count {
      let (r, g, b) = (s.red[i], s.green[i], s.blue[i])
      let (ri, fr) = grid(r, 0)
      let (gi, fg) = grid(g, 1)
      let (bi, fb) = grid(b, 2)
      let corner = 3 &* (ri &+ n &* (gi &+ n &* bi))
      let cell = (corner, fr, fg, fb)
      var out = tetra ? tetrahedral(cell, v) : trilinear(cell, v)
      if !full {
        let original = SIMD3(r, g, b)
        out = original + intensity * (out - original)
      }
      s.red[i] = out.x
      s.green[i] = out.y
      s.blue[i] = out.z
    }
  }

  @inline(__always)
  private func at(_ v: UnsafePointer<Float>, _ offset: Int) -> SIMD3<Float> {
    SIMD3(v[offset], v[offset &+ 1], v[offset &+ 2])
  }

  /// Weighted mean of the cell's 8 corners.
  @inline(__always)
  private func trilinear(_ cell: Cell, _ v: UnsafePointer<Float>) -> SIMD3<Float> {
    let dr = 3
    let dg = 3 &* cube.size
    let db = dg &* cube.size
    let o = cell.corner
    let c00 = at(v, o) + cell.fr * (at(v, o &+ dr) - at(v, o))
    let c10 = at(v, o &+ dg) + cell.fr * (at(v, o &+ dg &+ dr) - at(v, o &+ dg))
    let c01 = at(v, o &+ db) + cell.fr * (at(v, o &+ db &+ dr) - at(v, o &+ db))
    let c11 = at(v, o &+ db &+ dg) + cell.fr * (at(v, o &+ db &+ dg &+ dr) - at(v, o &+ db &+ dg))
    let c0 = c00 + cell.fg * (c10 - c00)
    let c1 = c01 + cell.fg * (c11 - c01)
    return c0 + cell.fb * (c1 - c0)
  }

  /// The tetrahedron from the cell's low corner to its high corner through the corners one
  /// step along the largest fraction's axis, then two steps (largest and middle): weights
  /// `1 - max`, `max - mid`, `mid - min`, `min`. Ties give a zero weight, so any order works.
  @inline(__always)
  private func tetrahedral(_ cell: Cell, _ v: UnsafePointer<Float>) -> SIMD3<Float> {
    let dr = 3
    let dg = 3 &* cube.size
    let db = dg &* cube.size
    let (fr, fg, fb) = (cell.fr, cell.fg, cell.fb)
    let high = max(fr, max(fg, fb))
    let low = min(fr, min(fg, fb))
    let mid = fr + fg + fb - high - low
    // The axes of the largest and smallest fraction from three comparisons as 0/1 integers
    // (setcc, not jumps).
    let rg = fr >= fg ? 1 : 0
    let rb = fr >= fb ? 1 : 0
    let gb = fg >= fb ? 1 : 0
    let redFirst = rg & rb
    let greenFirst = (1 &- rg) & gb
    let redLast = (1 &- rg) & (1 &- rb)
    let greenLast = rg & (1 &- gb)
    let first = redFirst &* dr &+ greenFirst &* dg &+ (1 &- redFirst &- greenFirst) &* db
    let skipped = redLast &* dr &+ greenLast &* dg &+ (1 &- redLast &- greenLast) &* db
    let o = cell.corner
    let all = o &+ dr &+ dg &+ db
    return (1 - high) * at(v, o) + (high - mid) * at(v, o &+ first)
      + (mid - low) * at(v, all &- skipped) + low * at(v, all)
  }
}

extension Image {
  /// The image through `cube` (a look), mixed with the original by `intensity`.
  public func applying(
    _ cube: ColorCube, interpolation: CubeInterpolation = .tetrahedral, intensity: Float = 1
  ) -> Image {
    intensity == 0
      ? self
      : applying(ColorCubeKernel(cube: cube, interpolation: interpolation, intensity: intensity))
  }
}
