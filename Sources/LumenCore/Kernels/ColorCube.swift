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
public struct ColorCubeKernel: ColorKernel, Hashable {
  public let cube: ColorCube
  public let interpolation: CubeInterpolation
  public let intensity: Float
  /// `grid = colour * scale + offset` puts a colour on the grid (0...size-1), worked out once
  /// rather than per pixel.
  private let scale: SIMD3<Float>
  private let offset: SIMD3<Float>
  /// The entries padded to four floats, so that reading a corner is one 16-byte load.
  private let entries: [SIMD4<Float>]

  public init(
    cube: ColorCube, interpolation: CubeInterpolation = .tetrahedral, intensity: Float = 1
  ) {
    self.cube = cube
    self.interpolation = interpolation
    self.intensity = intensity
    scale = Float(cube.size - 1) / (cube.domainMax - cube.domainMin)
    offset = -cube.domainMin * scale
    entries = stride(from: 0, to: cube.values.count, by: 3).map {
      SIMD4(cube.values[$0], cube.values[$0 + 1], cube.values[$0 + 2], 0)
    }
  }

  public var transfer: Transfer { .sRGB }

  public func apply(_ c: RGBA) -> RGBA {
    entries.withUnsafeBufferPointer { entries in
      let v = mixed(c.red, c.green, c.blue, entries.baseAddress!)
      return RGBA(red: v.x, green: v.y, blue: v.z, alpha: c.alpha)
    }
  }

  public func apply(to s: PixelSpan) {
    entries.withUnsafeBufferPointer { entries in
      let base = entries.baseAddress!
      for i in 0..<s.count {
        let v = mixed(s.red[i], s.green[i], s.blue[i], base)
        s.red[i] = v.x
        s.green[i] = v.y
        s.blue[i] = v.z
      }
    }
  }

  /// The looked-up colour mixed with the original by intensity (at full intensity, exactly the
  /// cube's colour, even for a NaN input).
  @inline(__always)
  private func mixed(_ r: Float, _ g: Float, _ b: Float, _ v: UnsafePointer<SIMD4<Float>>)
    -> SIMD4<Float>
  {
    let looked = lookup(r, g, b, v)
    if intensity == 1 { return looked }
    let original = SIMD4(r, g, b, 0)
    return original + intensity * (looked - original)
  }

  /// The cube's colour for (r, g, b).
  @inline(__always)
  private func lookup(_ r: Float, _ g: Float, _ b: Float, _ v: UnsafePointer<SIMD4<Float>>)
    -> SIMD4<Float>
  {
    let n = cube.size
    let last = Float(n - 1)
    @inline(__always) func grid(_ c: Float, _ s: Float, _ o: Float) -> (Int, Float) {
      let x = c * s + o
      let clamped = x > 0 ? (x < last ? x : last) : 0  // also maps NaN to 0
      let i = min(Int(clamped), n - 2)
      return (i, clamped - Float(i))
    }
    let (ri, fr) = grid(r, scale.x, offset.x)
    let (gi, fg) = grid(g, scale.y, offset.y)
    let (bi, fb) = grid(b, scale.z, offset.z)
    let dr = 1
    let dg = n
    let db = n &* n
    let c = v + (ri &+ gi &* dg &+ bi &* db)
    switch interpolation {
    case .trilinear:
      let c00 = c[0] + fr * (c[dr] - c[0])
      let c10 = c[dg] + fr * (c[dg &+ dr] - c[dg])
      let c01 = c[db] + fr * (c[db &+ dr] - c[db])
      let c11 = c[db &+ dg] + fr * (c[db &+ dg &+ dr] - c[db &+ dg])
      let c0 = c00 + fg * (c10 - c00)
      let c1 = c01 + fg * (c11 - c01)
      return c0 + fb * (c1 - c0)
    case .tetrahedral:
      // The tetrahedron spans c000, the corner one step along the largest fraction's axis,
      // the corner one step along all but the smallest's, and c111; chosen with selects, not
      // branches: colours looked up once each (a memo's new colours) come in no order a
      // branch predictor could learn.
      let high = max(fr, fg, fb)
      let low = min(fr, fg, fb)
      let middle = max(min(fr, fg), min(max(fr, fg), fb))
      let first = fr >= fg && fr >= fb ? dr : (fg >= fb ? dg : db)
      let last = fr <= fg && fr <= fb ? dr : (fg <= fb ? dg : db)
      let all = dr &+ dg &+ db
      // Ties leave zero weights, so the corner chosen among tied axes changes nothing.
      let second = first == last ? all &- (first == dr ? dg : dr) : all &- last
      return (1 - high) * c[0] + (high - middle) * c[first] + (middle - low) * c[second] + low
        * c[all]
    }
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
